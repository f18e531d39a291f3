import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, problem } from '@/test/apiMock';
import { buildPost, buildProfile } from '@/test/builders';
import { startSignedIn } from '@/test/fixtures';
import { fill } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import PostEditPage from './PostEditPage';

const stored = buildPost({
  id: 'beef0001',
  title: 'Rules',
  summary: 'Short',
  content: 'Long',
  tags: ['rules'],
  isPinned: false,
});

const render = (id: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/posts/:postId/edit" element={<PostEditPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: `/posts/${id}/edit` },
  );

const addTag = (tag: string) => {
  const input = screen.getByLabelText('Tags');
  fireEvent.change(input, { target: { value: tag } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('PostEditPage', () => {
  beforeEach(() => {
    startSignedIn(buildProfile({ role: 'Admin' }));
    fakeApi.on('GET', '/api/posts/beef0001', 200, stored);
  });

  it('sends visitors to sign in and back', async () => {
    fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
    const { location } = render('beef0001');
    await waitFor(() => expect(location()).toBe('/account/login?from=%2Fposts%2Fbeef0001%2Fedit'));
  });

  it('tells other users the page is for administrators', async () => {
    startSignedIn(buildProfile({ role: 'User' }));
    render('beef0001');
    expect(await screen.findByText('Only administrators can write posts.')).toBeTruthy();
    expect(fakeApi.requests('GET', '/api/posts/beef0001')).toHaveLength(0);
  });

  it('publishes a new post with its tags and pin, then opens it', async () => {
    fakeApi.on('POST', '/api/edit/posts', 200, 'abcd1234');
    const { location } = render('new');
    expect(screen.getByRole('heading', { name: 'New post' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/edit/posts')).toHaveLength(0);

    fill('Title', 'Hello');
    fill('Summary', 'The *short* text');
    fill('Content', '## Body');
    addTag('news');
    addTag(' news ');
    addTag('event');
    fireEvent.click(screen.getByLabelText('Pinned'));
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Body' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The post was published')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/edit/posts')[0].body).toEqual({
      title: 'Hello',
      summary: 'The *short* text',
      content: '## Body',
      tags: ['news', 'event'],
      isPinned: true,
    });
    await waitFor(() => expect(location()).toBe('/posts/abcd1234'));
  });

  it('refuses a tag longer than the spec allows', async () => {
    render('new');
    await screen.findByLabelText('Tags');
    addTag('x'.repeat(65));
    expect(screen.getByText('A tag has at most 64 characters')).toBeTruthy();
  });

  it('shows a skeleton while the post loads, then its values', async () => {
    const release = fakeApi.hold('GET', '/api/posts/beef0001', 200, stored);
    const { container } = render('beef0001');
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeTruthy());
    release();
    expect(await screen.findByDisplayValue('Rules')).toBeTruthy();
    expect(screen.getByDisplayValue('Long')).toBeTruthy();
    expect(screen.getByText('rules')).toBeTruthy();
  });

  it('saves new text and a new pin in two steps, as the API needs', async () => {
    fakeApi.on('PUT', '/api/edit/posts/beef0001', ({ body }) => ({
      status: 200,
      body: { ...stored, ...(body as object), time: stored.time + 1 },
    }));
    const { location } = render('beef0001');
    await screen.findByDisplayValue('Rules');
    fill('Title', 'New rules');
    fireEvent.click(screen.getByLabelText('Pinned'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The post was saved')).toBeTruthy();
    const bodies = fakeApi.requests('PUT', '/api/edit/posts/beef0001').map((r) => r.body);
    const text = { title: 'New rules', summary: 'Short', content: 'Long', tags: ['rules'] };
    expect(bodies).toEqual([
      { ...text, isPinned: false },
      { ...text, isPinned: true },
    ]);
    await waitFor(() => expect(location()).toBe('/posts/beef0001'));
  });

  it('shows the server refusal and stays on the form', async () => {
    fakeApi.on('PUT', '/api/edit/posts/beef0001', 400, problem(400, 'Title too long'));
    const { location } = render('beef0001');
    await screen.findByDisplayValue('Rules');
    fill('Summary', 'Other');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title too long')).toBeTruthy();
    expect(location()).toBe('/posts/beef0001/edit');
  });

  it('says when the post to edit does not exist', async () => {
    fakeApi.on('GET', '/api/posts/beef0001', 404, problem(404, 'The post was not found'));
    render('beef0001');
    expect(await screen.findByText('This post does not exist')).toBeTruthy();
  });

  it('deletes the post after a confirmation', async () => {
    fakeApi.on('DELETE', '/api/edit/posts/beef0001', 200);
    fakeApi.on('GET', '/api/posts', 200, []);
    const { location } = render('beef0001');
    await screen.findByDisplayValue('Rules');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the post “Rules”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The post “Rules” was deleted')).toBeTruthy();
    expect(fakeApi.requests('DELETE', '/api/edit/posts/beef0001')).toHaveLength(1);
    await waitFor(() => expect(location()).toBe('/posts'));
    // the deleted post is not read again
    expect(fakeApi.requests('GET', '/api/posts/beef0001')).toHaveLength(1);
  });
});
