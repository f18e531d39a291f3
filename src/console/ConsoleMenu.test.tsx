import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ResourceDefinitionContextProvider } from 'react-admin';
import posts from '@/console/resources/posts';
import users from '@/console/resources/users';
import { renderConsole } from '@/test/renderConsole';
import { ConsoleMenu } from './ConsoleMenu';

const definitions = {
  users: { name: 'users', hasList: true, icon: users.icon },
  posts: { name: 'posts', hasList: true, hasCreate: true, hasEdit: true, icon: posts.icon },
  // nested resources have no list of their own, so no menu entry
  challenges: { name: 'challenges', hasList: false },
};

describe('ConsoleMenu', () => {
  it('lists the dashboard, the resources with a list, then the settings page', () => {
    renderConsole(
      <ResourceDefinitionContextProvider definitions={definitions}>
        <ConsoleMenu />
      </ResourceDefinitionContextProvider>,
      { route: '/', path: '/' },
    );
    const links = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(links).toEqual(['Dashboard', 'Users', 'Posts', 'Settings']);
    expect(screen.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(screen.getByRole('menuitem', { name: 'Posts' }).getAttribute('href')).toBe('/posts');
  });
});
