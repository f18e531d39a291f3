import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/renderWithProviders';
import { inSection, MainNav } from './MainNav';

describe('MainNav', () => {
  it('links the main sections and marks the current one', () => {
    renderWithProviders(<MainNav />, { route: '/Games/3/challenges' });
    const nav = screen.getByRole('navigation', { name: 'Main sections' });
    const games = within(nav).getByRole('link', { name: 'Games' });
    expect(games.getAttribute('href')).toBe('/games');
    expect(games.getAttribute('aria-current')).toBe('page');
    expect(
      within(nav).getByRole('link', { name: 'Teams' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Posts' }).getAttribute('href')).toBe('/posts');
    expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
  });

  it('offers the same sections in a menu on phones', async () => {
    renderWithProviders(<MainNav />, { route: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'Main sections' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Games', 'Teams', 'Posts', 'About']);
  });

  it('matches sections by path prefix, case-insensitively', () => {
    expect(inSection('/posts', '/posts')).toBe(true);
    expect(inSection('/Posts/4', '/posts')).toBe(true);
    expect(inSection('/postsx', '/posts')).toBe(false);
  });
});
