import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildPost, postInfo } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { PostList } from './PostList';

const renderList = () =>
  renderConsole(<PostList />, { route: '/posts', path: '/posts', resource: 'posts' });

const older = buildPost({ title: 'Older', summary: 'Last week', time: 1_700_000_000_000 });
const newer = buildPost({ title: 'Newer', summary: 'Today', time: 1_700_100_000_000 });
const pinned = buildPost({
  title: 'Rules',
  isPinned: true,
  time: 1_600_000_000_000,
  authorName: null,
});

const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent);

describe('PostList', () => {
  it('shows pinned posts first, then the newest, with summary and author', async () => {
    fakeApi.on('GET', '/api/posts', 200, [older, newer, pinned].map(postInfo));
    renderList();
    expect(await screen.findByText('Rules')).toBeTruthy();
    expect(titles()).toEqual(['Rules', 'Newer', 'Older']);
    expect(screen.getByText('Today')).toBeTruthy();
    expect(screen.getAllByText('admin')).toHaveLength(2);
    expect(screen.getByText('Deleted user')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Pin Rules' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Pin Older' })).toHaveProperty('checked', false);
    expect(screen.getByText('1-3 of 3')).toBeTruthy();
  });

  it('pins a post with its switch and moves it up', async () => {
    fakeApi.on('GET', '/api/posts', 200, [newer, older].map(postInfo));
    fakeApi.on('GET', `/api/posts/${older.id}`, 200, older);
    fakeApi.on('PUT', `/api/edit/posts/${older.id}`, () => {
      fakeApi.on('GET', '/api/posts', 200, [{ ...older, isPinned: true }, newer].map(postInfo));
      return { status: 200, body: { ...older, isPinned: true } };
    });
    renderList();
    fireEvent.click(await screen.findByRole('switch', { name: 'Pin Older' }));
    await waitFor(() => expect(titles()).toEqual(['Older', 'Newer']));
    const [put] = fakeApi.requests('PUT');
    expect(put.body).toEqual({
      title: 'Older',
      summary: older.summary,
      content: older.content,
      tags: [],
      isPinned: true,
    });
    expect(screen.getByRole('switch', { name: 'Pin Older' })).toHaveProperty('checked', true);
  });

  it('shows why a pin failed and leaves the switch as it was', async () => {
    fakeApi.on('GET', '/api/posts', 200, [older].map(postInfo));
    fakeApi.on('GET', `/api/posts/${older.id}`, 404, problem(404, 'The post was not found'));
    renderList();
    fireEvent.click(await screen.findByRole('switch', { name: 'Pin Older' }));
    expect(await screen.findByText('The post was not found')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Pin Older' })).toHaveProperty('checked', false);
    expect(fakeApi.requests('PUT')).toHaveLength(0);
  });

  it('says so when there are no posts', async () => {
    fakeApi.on('GET', '/api/posts', 200, []);
    renderList();
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
  });

  it('shows only the loading table while the posts load', async () => {
    const release = fakeApi.hold('GET', '/api/posts', 200, [postInfo(newer)]);
    const { container } = renderList();
    await waitFor(() => expect(container.querySelector('table')).not.toBeNull());
    expect(screen.queryByText('No posts yet.')).toBeNull();
    release();
    expect(await screen.findByText('Newer')).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', '/api/posts', 500, problem(500, 'Database unavailable'));
    renderList();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fakeApi.on('GET', '/api/posts', 200, [postInfo(newer)]);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Newer')).toBeTruthy();
  });

  it('deletes the selected posts after confirmation', async () => {
    fakeApi.on('GET', '/api/posts', 200, [newer, older].map(postInfo));
    fakeApi.on('DELETE', `/api/edit/posts/${older.id}`, 200);
    renderList();
    await screen.findByText('Older');
    const olderRow = screen.getByText('Older').closest('tr') as HTMLElement;
    fireEvent.click(within(olderRow).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fakeApi.requests('DELETE')).toHaveLength(1));
    expect(fakeApi.requests('DELETE')[0].path).toBe(`/api/edit/posts/${older.id}`);
  });
});
