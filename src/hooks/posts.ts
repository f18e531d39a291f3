/**
 * Post hooks: the public lists (`/api/posts/latest`, `/api/posts`), one post (`/api/posts/{id}`)
 * and the administrators' writes (`/api/edit/posts`).
 *
 * Posts are public and change rarely, so their answers join the local cache (`meta.persist`) and
 * never poll; every write updates the post it touched and reads the lists again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { Post, PostDetail, PostEdit } from '@/api/types';

/** Posts stay fresh this long before a focus or a new page reads them again. */
const POSTS_STALE_TIME = 60_000;

export const postKeys = {
  all: ['posts'] as const,
  latest: ['posts', 'latest'] as const,
  list: ['posts', 'list'] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
};

/** The display order (the server's too): pinned posts first, then the latest update first. */
export function inDisplayOrder<P extends Post>(posts: readonly P[]): P[] {
  return [...posts].sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || b.time - a.time);
}

/** The first 20 posts, for the home page. */
export function useLatestPosts() {
  return useQuery({
    queryKey: postKeys.latest,
    queryFn: async () => inDisplayOrder(unwrap(await api.GET('/api/posts/latest'))),
    staleTime: POSTS_STALE_TIME,
    meta: { persist: true },
  });
}

/** Every post (the API does not page them). */
export function usePosts() {
  return useQuery({
    queryKey: postKeys.list,
    queryFn: async () => inDisplayOrder(unwrap(await api.GET('/api/posts'))),
    staleTime: POSTS_STALE_TIME,
    meta: { persist: true },
  });
}

/** One post with its content; `id` empty reads nothing (e.g. a post being created). */
export function usePost(id: string) {
  return useQuery({
    queryKey: postKeys.detail(id),
    queryFn: async () => unwrap(await api.GET('/api/posts/{id}', { params: { path: { id } } })),
    enabled: id !== '',
    staleTime: POSTS_STALE_TIME,
    meta: { persist: true },
  });
}

const sameTags = (
  a: readonly string[] | null | undefined,
  b: readonly string[] | null | undefined,
) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/**
 * The PUT bodies that turn `stored` into `next`. The API reads a body whose `isPinned` differs
 * from the stored one as "change the pin only" and ignores its other fields, so a change of both
 * text and pin takes two requests: the text with the old pin, then the pin. A pin-only change stays
 * one request, which keeps the post's author and time.
 */
export function postUpdateBodies(stored: PostDetail, next: PostEdit): PostEdit[] {
  const pinned = next.isPinned ?? stored.isPinned;
  const textChanged =
    next.title !== stored.title ||
    (next.summary ?? '') !== stored.summary ||
    (next.content ?? '') !== stored.content ||
    !sameTags(next.tags, stored.tags);
  if (pinned === stored.isPinned) return [{ ...next, isPinned: pinned }];
  return textChanged ? [{ ...next, isPinned: stored.isPinned }, next] : [next];
}

/** After a write: the lists are read again (they are ordered by pin and time). */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: postKeys.list }),
      queryClient.invalidateQueries({ queryKey: postKeys.latest }),
    ]);
}

async function updatePost(stored: PostDetail, next: PostEdit, onSaved: (post: PostDetail) => void) {
  const path = { params: { path: { id: stored.id } } };
  for (const body of postUpdateBodies(stored, next)) {
    onSaved(unwrap(await api.PUT('/api/edit/posts/{id}', { ...path, body })));
  }
}

export interface PostSave {
  /** The post as stored, when it exists; absent to create one. */
  stored?: PostDetail;
  next: PostEdit;
}

/**
 * Creates a post, or saves a stored post's new text and pin (see `postUpdateBodies`); answers the
 * post's id.
 */
export function useSavePost() {
  const queryClient = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: async ({ stored, next }: PostSave): Promise<string> => {
      if (!stored) return unwrap(await api.POST('/api/edit/posts', { body: next }));
      await updatePost(stored, next, (saved) =>
        queryClient.setQueryData(postKeys.detail(saved.id), saved),
      );
      return stored.id;
    },
    // also after a failed second request: the first one may have changed the post
    onSettled: refreshLists,
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/edit/posts/{id}', { params: { path: { id } } })),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
      return refreshLists();
    },
  });
}
