import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, problem } from '@/test/apiMock';
import { buildPost, buildProfile } from '@/test/builders';
import { startSignedIn, startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import PostPage from './PostPage';

const post = buildPost({
  id: 'cafe0001',
  title: 'Finals',
  content:
    '# Schedule\n\nStarts at **noon**.<img src=x onerror="alert(1)"><script>alert(2)</script>',
  tags: ['finals'],
  authorName: 'carol',
  time: Date.now() - 2 * 3_600_000,
});

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/posts/:postId" element={<PostPage />} />
    </Routes>,
    { route: '/posts/cafe0001' },
  );

describe('PostPage', () => {
  beforeEach(() => startSignedOut());

  it('shows the post: title, author, time, tags and sanitised Markdown', async () => {
    fakeApi.on('GET', '/api/posts/cafe0001', 200, post);
    const { container } = render();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Finals');
    expect(screen.getByRole('heading', { level: 2, name: 'Schedule' })).toBeTruthy();
    expect(screen.getByText('noon').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('carol')).toBeTruthy();
    expect(screen.getByText('2 hours ago')).toBeTruthy();
    expect(screen.getByText('finals')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All posts' }).getAttribute('href')).toBe('/posts');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Finals - Demo CTF'));
  });

  it('shows a skeleton while the post loads', async () => {
    const release = fakeApi.hold('GET', '/api/posts/cafe0001', 200, post);
    const { container } = render();
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    release();
    expect(await screen.findByText('noon')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('says when the post does not exist', async () => {
    fakeApi.on('GET', '/api/posts/cafe0001', 404, problem(404, 'The post was not found'));
    render();
    expect(await screen.findByText('This post does not exist')).toBeTruthy();
  });

  it('shows other errors with a retry', async () => {
    fakeApi.on('GET', '/api/posts/cafe0001', 500, problem(500, 'Database down'));
    render();
    expect(await screen.findByText('Database down')).toBeTruthy();
    fakeApi.on('GET', '/api/posts/cafe0001', 200, post);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('noon')).toBeTruthy();
  });

  it('offers administrators to edit it', async () => {
    startSignedIn(buildProfile({ role: 'Admin' }));
    fakeApi.on('GET', '/api/posts/cafe0001', 200, post);
    render();
    const link = await screen.findByRole('link', { name: 'Edit' });
    expect(link.getAttribute('href')).toBe('/posts/cafe0001/edit');
  });
});
