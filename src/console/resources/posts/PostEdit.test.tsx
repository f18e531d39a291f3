import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildPost } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { PostCreate } from './PostCreate';
import { PostEdit } from './PostEdit';

const post = buildPost({
  title: 'Rules',
  summary: 'Read them',
  content: '# Rules',
  tags: ['info'],
  authorName: 'alice',
});
const readPath = `/api/posts/${post.id}`;
const editPath = `/api/edit/posts/${post.id}`;

const renderEdit = () =>
  renderConsole(<PostEdit />, {
    route: `/posts/${post.id}`,
    path: '/posts/:id',
    resource: 'posts',
  });

const echo = () =>
  fakeApi.on('PUT', editPath, (request) => ({
    status: 200,
    body: { ...post, ...(request.body as object) },
  }));

describe('PostEdit', () => {
  beforeEach(() => {
    fakeApi.on('GET', readPath, 200, post);
  });

  it('shows the post and saves its text as a whole model, keeping the pin', async () => {
    echo();
    renderEdit();
    expect(await screen.findByDisplayValue('Rules')).toBeTruthy();
    expect(screen.getByDisplayValue('Read them')).toBeTruthy();
    expect(screen.getByDisplayValue('info')).toBeTruthy();
    expect(screen.getByText(/Last saved by alice/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'House rules' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('PUT', editPath)).toHaveLength(1));
    expect(fakeApi.requests('PUT', editPath)[0].body).toEqual({
      title: 'House rules',
      summary: 'Read them',
      content: '# Rules',
      tags: ['info'],
      isPinned: false,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/posts');
  });

  it('saves a new text and a new pin in two requests, text first', async () => {
    echo();
    renderEdit();
    fireEvent.change(await screen.findByLabelText(/^Summary/), { target: { value: 'Short' } });
    fireEvent.click(screen.getByLabelText('Pinned'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('PUT', editPath)).toHaveLength(2));
    const [text, pin] = fakeApi.requests('PUT', editPath).map((r) => r.body);
    expect(text).toMatchObject({ summary: 'Short', isPinned: false });
    expect(pin).toMatchObject({ summary: 'Short', isPinned: true });
  });

  it('previews the Markdown content', async () => {
    renderEdit();
    await screen.findByDisplayValue('Rules');
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview.querySelector('h1')?.textContent).toBe('Rules');
  });

  it("shows a refused save's title and stays", async () => {
    fakeApi.on('PUT', editPath, 400, problem(400, 'The title is too long'));
    renderEdit();
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title is too long')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('checks the title before sending', async () => {
    renderEdit();
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 50 characters')).toBeTruthy();
    expect(fakeApi.requests('PUT')).toHaveLength(0);
  });

  it('deletes only after confirmation', async () => {
    fakeApi.on('DELETE', editPath, 200);
    renderEdit();
    await screen.findByDisplayValue('Rules');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fakeApi.requests('DELETE', editPath)).toHaveLength(1));
  });
});

describe('PostCreate', () => {
  it('starts from the spec defaults, posts the model and opens the list', async () => {
    const created = buildPost({ title: 'Welcome', tags: ['news'] });
    fakeApi.on('POST', '/api/edit/posts', 200, created.id);
    fakeApi.on('GET', `/api/posts/${created.id}`, 200, created);
    renderConsole(<PostCreate />, {
      route: '/posts/create',
      path: '/posts/create',
      resource: 'posts',
    });
    expect(screen.getByLabelText('Pinned')).toHaveProperty('checked', false);
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Welcome' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(await screen.findByLabelText(/^Tag/), { target: { value: ' news ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('POST', '/api/edit/posts')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/api/edit/posts')[0].body).toEqual({
      title: 'Welcome',
      summary: '',
      content: '',
      tags: ['news'],
      isPinned: false,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/posts');
  });
});
