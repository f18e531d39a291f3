/**
 * Route-table entries of the `posts` resource: read through the public `/api/posts` (the list
 * model, every post in one answer, paged here), written through `/api/edit/posts`.
 *
 * The API's update has a pin rule: a body whose `isPinned` differs from the stored value changes
 * only the pin, ignoring the rest. An update is therefore planned against the stored post: first
 * the text (sent with the stored pin), then the pin. Every body is a whole PostEditModel, so a pin
 * changed meanwhile by someone else can never blank a post's text.
 */
import type { Identifier } from 'react-admin';
import { api, unwrap } from '@/api/client';
import type { Post, PostDetail, PostEdit } from '@/api/types';
import { pageLocally, type ResourceRoutes } from './kit';

/** What a post form or the pin switch asks to change; fields that are absent stay as they are. */
export type PostChanges = Partial<PostEdit>;

const TEXT_FIELDS = ['title', 'summary', 'content', 'tags'] as const;

const postPath = (id: Identifier) => ({ params: { path: { id: String(id) } } });

/** Pinned posts first, then the most recently updated: the API's order, kept after local changes. */
export function inDisplayOrder<P extends Pick<Post, 'isPinned' | 'time'>>(posts: P[]): P[] {
  return [...posts].sort(
    (a, b) => Number(b.isPinned) - Number(a.isPinned) || Number(b.time) - Number(a.time),
  );
}

/** Tags as the API keeps them: trimmed, not blank, each once. */
export function cleanTags(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  const names = tags
    .filter((tag): tag is string => typeof tag === 'string')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return [...new Set(names)];
}

/** The PostEditModel of a post or a form's values (other fields, such as the author, dropped). */
export function editModelOf(post: PostChanges & { title?: string }): PostEdit {
  return {
    title: post.title ?? '',
    summary: post.summary ?? '',
    content: post.content ?? '',
    tags: cleanTags(post.tags),
    isPinned: post.isPinned ?? false,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The bodies that turn the stored post into the wanted one, in order: text, then pin. */
export function updateBodies(stored: PostDetail, changes: PostChanges): PostEdit[] {
  const current = editModelOf(stored);
  const given = Object.fromEntries(
    Object.entries(changes).filter(([field, value]) => field in current && value !== undefined),
  ) as PostChanges;
  const wanted = editModelOf({ ...current, ...given });
  const bodies: PostEdit[] = [];
  if (TEXT_FIELDS.some((field) => !same(wanted[field], current[field])))
    bodies.push({ ...wanted, isPinned: current.isPinned });
  if (wanted.isPinned !== current.isPinned) bodies.push(wanted);
  return bodies;
}

const getPost = async (id: Identifier): Promise<PostDetail> =>
  unwrap(await api.GET('/api/posts/{id}', postPath(id)));

export const postRoutes = {
  maxPageSize: 1000,
  list: async (page) => pageLocally(inDisplayOrder(unwrap(await api.GET('/api/posts'))), page),
  getOne: getPost,
  /** Answers the post as stored after the last request (unchanged when nothing differs). */
  update: async (id, changes) => {
    let post = await getPost(id);
    for (const body of updateBodies(post, changes))
      post = unwrap(await api.PUT('/api/edit/posts/{id}', { ...postPath(id), body }));
    return post;
  },
  /** The API answers the new id only: the new post is read back for its author and time. */
  create: async (data) => {
    const id = unwrap(await api.POST('/api/edit/posts', { body: editModelOf(data) }));
    return getPost(id);
  },
  delete: async (id) => unwrap(await api.DELETE('/api/edit/posts/{id}', postPath(id))),
} satisfies ResourceRoutes<Post | PostDetail, PostChanges, PostEdit>;
