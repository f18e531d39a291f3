import { expect, it } from 'vitest';
import { signIn } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('posts', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');
  const anonymous = server.anonymous;

  const addPost = async (body: Record<string, unknown>) => {
    const response = await admin({ method: 'POST', url: '/api/edit/posts', payload: body });
    expect(response.statusCode).toBe(200);
    return response.json() as string;
  };
  const getPost = async (id: string) => {
    const response = await anonymous({ method: 'GET', url: `/api/posts/${id}` });
    return response;
  };
  const update = async (id: string, body: Record<string, unknown>) => {
    const response = await admin({ method: 'PUT', url: `/api/edit/posts/${id}`, payload: body });
    return response;
  };

  it('creates a post with an 8-hex id, the caller as author and the content as given', async () => {
    const id = await addPost({
      title: 'Hello',
      summary: 'short',
      content: '# Markdown <b>kept</b>',
      tags: ['news'],
    });
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    const response = await getPost(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      title: 'Hello',
      summary: 'short',
      content: '# Markdown <b>kept</b>',
      tags: ['news'],
      isPinned: false,
      authorAvatar: null,
    });
    expect(response.json().authorName).toMatch(/^user/);
    expect(Math.abs(response.json().time - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a blank or too long title', async () => {
    for (const title of ['', '   ', 'x'.repeat(51)]) {
      const response = await admin({ method: 'POST', url: '/api/edit/posts', payload: { title } });
      expect(response.statusCode).toBe(400);
    }
  });

  it('changes only the pin when the pin differs, and the content otherwise', async () => {
    const id = await addPost({ title: 'Original', content: 'body' });
    const before = (await getPost(id)).json();

    const pinned = await update(id, { title: 'Ignored', content: 'ignored', isPinned: true });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ title: 'Original', content: 'body', isPinned: true });
    expect(pinned.json().time).toBe(before.time);

    const edited = await update(id, { title: 'Edited', content: 'new body', isPinned: true });
    expect(edited.json()).toMatchObject({ title: 'Edited', content: 'new body', isPinned: true });
    expect(edited.json().time).toBeGreaterThanOrEqual(before.time);
    expect((await getPost(id)).json()).toMatchObject({ title: 'Edited', isPinned: true });
  });

  it('lists pinned posts first, then the newest', async () => {
    const old = await addPost({ title: 'old' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const pinned = await addPost({ title: 'pinned', isPinned: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newest = await addPost({ title: 'newest' });

    const all = await anonymous({ method: 'GET', url: '/api/posts' });
    const ids: string[] = all.json().map((p: { id: string }) => p.id);
    const pinnedIds = all.json().filter((p: { isPinned: boolean }) => p.isPinned).length;
    expect(ids.slice(0, pinnedIds)).toContain(pinned);
    expect(ids.indexOf(newest)).toBeLessThan(ids.indexOf(old));
    expect(all.json()[0]).not.toHaveProperty('content');

    const latest = await anonymous({ method: 'GET', url: '/api/posts/latest' });
    expect(latest.json().map((p: { id: string }) => p.id)).toEqual(ids.slice(0, 20));
  });

  it('keeps only 20 posts in the latest list', async () => {
    for (let i = 0; i < 21; i++) await addPost({ title: `bulk ${i}` });
    const latest = await anonymous({ method: 'GET', url: '/api/posts/latest' });
    expect(latest.json()).toHaveLength(20);
  });

  it('deletes a post; later reads and edits are 404', async () => {
    const id = await addPost({ title: 'doomed' });
    const deleted = await admin({ method: 'DELETE', url: `/api/edit/posts/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await getPost(id)).statusCode).toBe(404);
    expect((await update(id, { title: 'x' })).statusCode).toBe(404);
    const again = await admin({ method: 'DELETE', url: `/api/edit/posts/${id}` });
    expect(again.statusCode).toBe(404);
  });

  it('lets only admins write posts', async () => {
    const user = await signIn(server.app, 'User');
    const response = await user({
      method: 'POST',
      url: '/api/edit/posts',
      payload: { title: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});
