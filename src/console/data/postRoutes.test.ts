import { describe, expect, it } from 'vitest';
import { fakeApi, problem } from '@/test/apiMock';
import { buildPost, postInfo } from '@/test/builders';
import { dataProvider } from './dataProvider';
import { cleanTags, editModelOf, inDisplayOrder, updateBodies } from './postRoutes';

const sort = { field: 'id', order: 'ASC' as const };

describe('post bodies', () => {
  const stored = buildPost({ title: 'Rules', tags: ['info'], isPinned: false });

  it('orders pinned posts first, then the newest', () => {
    const old = buildPost({ time: 1 });
    const recent = buildPost({ time: 3 });
    const pinnedOld = buildPost({ time: 0, isPinned: true });
    expect(inDisplayOrder([old, recent, pinnedOld]).map((p) => p.id)).toEqual([
      pinnedOld.id,
      recent.id,
      old.id,
    ]);
  });

  it('keeps tags trimmed, not blank and each once', () => {
    expect(cleanTags([' web ', '', 'web', 'pwn', 3])).toEqual(['web', 'pwn']);
    expect(cleanTags(null)).toEqual([]);
  });

  it('makes a PostEditModel of a record, dropping author, time and id', () => {
    expect(editModelOf({ ...stored, tags: null })).toEqual({
      title: 'Rules',
      summary: stored.summary,
      content: stored.content,
      tags: [],
      isPinned: false,
    });
  });

  it('sends nothing when nothing changed', () => {
    expect(updateBodies(stored, { ...stored, tags: [' info '] })).toEqual([]);
  });

  it('sends a text change with the stored pin', () => {
    expect(updateBodies(stored, { content: 'New' })).toEqual([
      { ...editModelOf(stored), content: 'New' },
    ]);
  });

  it('sends a pin change as a whole model with the new pin', () => {
    expect(updateBodies(stored, { isPinned: true })).toEqual([
      { ...editModelOf(stored), isPinned: true },
    ]);
  });

  it('sends text then pin when both change (the API applies only the pin otherwise)', () => {
    const bodies = updateBodies(stored, { title: 'New rules', isPinned: true });
    expect(bodies).toEqual([
      { ...editModelOf(stored), title: 'New rules', isPinned: false },
      { ...editModelOf(stored), title: 'New rules', isPinned: true },
    ]);
  });
});

describe('dataProvider: posts', () => {

  it('getList reads every post once, in display order, and pages them', async () => {
    const posts = [buildPost({ time: 1 }), buildPost({ time: 2 }), buildPost({ isPinned: true })];
    fakeApi.on('GET', '/api/posts', 200, posts.map(postInfo));
    const { data, total } = await dataProvider.getList('posts', {
      pagination: { page: 1, perPage: 2 },
      sort,
      filter: {},
    });
    expect(total).toBe(3);
    expect(data.map((p) => p.id)).toEqual([posts[2].id, posts[1].id]);
  });

  it('update reads the stored post, then PUTs text and pin in turn', async () => {
    const post = buildPost({ title: 'Old' });
    const path = `/api/edit/posts/${post.id}`;
    fakeApi.on('GET', `/api/posts/${post.id}`, 200, post);
    fakeApi.on('PUT', path, (request) => ({
      status: 200,
      body: { ...post, ...(request.body as object) },
    }));
    const { data } = await dataProvider.update('posts', {
      id: post.id,
      data: { ...post, title: 'New', isPinned: true },
      previousData: post,
    });
    const bodies = fakeApi.requests('PUT', path).map((r) => r.body);
    expect(bodies).toEqual([
      { ...editModelOf(post), title: 'New', isPinned: false },
      { ...editModelOf(post), title: 'New', isPinned: true },
    ]);
    expect(data).toMatchObject({ id: post.id, title: 'New', isPinned: true });
  });

  it('create POSTs the model and reads the new post back', async () => {
    const created = buildPost({ title: 'Hello' });
    fakeApi.on('POST', '/api/edit/posts', 200, created.id);
    fakeApi.on('GET', `/api/posts/${created.id}`, 200, created);
    const { data } = await dataProvider.create('posts', {
      data: { title: 'Hello', tags: ['news', ''], isPinned: false },
    });
    expect(fakeApi.requests('POST', '/api/edit/posts')[0].body).toEqual({
      title: 'Hello',
      summary: '',
      content: '',
      tags: ['news'],
      isPinned: false,
    });
    expect(data).toEqual(created);
  });

  it("delete DELETEs the post and passes the server's title on", async () => {
    fakeApi.on('DELETE', '/api/edit/posts/0000abcd', 404, problem(404, 'The post was not found'));
    await expect(
      dataProvider.delete('posts', { id: '0000abcd', previousData: undefined }),
    ).rejects.toThrow('The post was not found');
  });
});
