import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildPost, buildProfile, postInfo } from '@/test/builders';
import { startSignedIn, startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import PostsPage from './PostsPage';

const render = () => renderWithProviders(<PostsPage />, { route: '/posts' });

describe('PostsPage', () => {
  beforeEach(() => startSignedOut());

  it('shows skeletons while the posts load', async () => {
    const release = fakeApi.hold('GET', '/api/posts', 200, [postInfo(buildPost({ title: 'Hi' }))]);
    const { container } = render();
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    release();
    expect(await screen.findByText('Hi')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Posts - Demo CTF'));
  });

  it('says so when there are no posts', async () => {
    fakeApi.on('GET', '/api/posts', 200, []);
    render();
    expect(await screen.findByText('No posts yet')).toBeTruthy();
  });

  it('lists every post, pinned first, with author, tags and a link to each', async () => {
    fakeApi.on('GET', '/api/posts', 200, [
      postInfo(buildPost({ id: 'bbbb0001', title: 'Results', authorName: 'bob', time: 5 })),
      postInfo(
        buildPost({
          id: 'bbbb0002',
          title: 'Rules',
          isPinned: true,
          tags: ['rules', 'faq'],
          time: 1,
        }),
      ),
      postInfo(buildPost({ id: 'bbbb0003', title: 'Orphan', authorName: null, time: 3 })),
    ]);
    render();
    await screen.findByText('Results');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Rules',
      'Results',
      'Orphan',
    ]);
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toBe('rulesfaq');
    expect(screen.getByText('bob')).toBeTruthy();
    expect(screen.getByText('Deleted user')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Results' }).getAttribute('href')).toBe(
      '/posts/bbbb0001',
    );
    expect(screen.queryByRole('link', { name: 'New post' })).toBeNull();
  });

  it('shows the server error with a retry', async () => {
    fakeApi.on('GET', '/api/posts', 429, problem(429, 'Slow down'));
    render();
    expect(await screen.findByText('Slow down')).toBeTruthy();
    expect(screen.getByText('The posts could not be loaded')).toBeTruthy();
    fakeApi.on('GET', '/api/posts', 200, []);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No posts yet')).toBeTruthy();
  });

  it('offers administrators to write a new post', async () => {
    startSignedIn(buildProfile({ role: 'Admin' }));
    fakeApi.on('GET', '/api/posts', 200, []);
    render();
    const link = await screen.findByRole('link', { name: 'New post' });
    expect(link.getAttribute('href')).toBe('/posts/new/edit');
  });
});
