// Site posts. Listing order: pinned first, then the most recently updated. `tags` is JSON text;
// the author is joined for name and avatar.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { fromFlag, toFlag } from '../tables/columns.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface Post {
  id: string;
  title: string;
  summary: string;
  content: string;
  isPinned: boolean;
  tags: string[];
  authorId: string | null;
  authorName: string | null;
  authorAvatarHash: string | null;
  updateTime: number;
}

export interface PostFields {
  title: string;
  summary: string;
  content: string;
  tags: string[];
  isPinned: boolean;
}

const selectPosts = (db: Db) =>
  db
    .selectFrom('posts')
    .leftJoin('users', 'users.id', 'posts.author_id')
    .selectAll('posts')
    .select(['users.user_name as author_name', 'users.avatar_hash as author_avatar']);

type PostSelection = Awaited<ReturnType<ReturnType<typeof selectPosts>['executeTakeFirstOrThrow']>>;

function toPost(row: PostSelection): Post {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    content: row.content,
    isPinned: fromFlag(row.is_pinned),
    tags: JSON.parse(row.tags) as string[],
    authorId: row.author_id,
    authorName: row.author_name ?? null,
    authorAvatarHash: row.author_avatar ?? null,
    updateTime: Number(row.update_time),
  };
}

/** Posts in display order; `limit` caps the list. */
export async function listPosts(db: Db, limit?: number): Promise<Post[]> {
  let query = selectPosts(db)
    .orderBy('posts.is_pinned', 'desc')
    .orderBy('posts.update_time', 'desc')
    .orderBy('posts.id');
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(toPost);
}

export async function findPost(db: Db, id: string): Promise<Post | null> {
  const row = await selectPosts(db).where('posts.id', '=', id).executeTakeFirst();
  return row ? toPost(row) : null;
}

export async function insertPost(
  db: Db,
  input: PostFields & { id: string; authorId: string | null; updateTime: number },
): Promise<void> {
  await db
    .insertInto('posts')
    .values({
      id: input.id,
      title: input.title,
      summary: input.summary,
      content: input.content,
      tags: JSON.stringify(input.tags),
      is_pinned: toFlag(input.isPinned),
      author_id: input.authorId,
      update_time: input.updateTime,
    })
    .execute();
}

/** Changes only the pin; false when the post does not exist. */
export async function setPostPinned(db: Db, id: string, isPinned: boolean): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ is_pinned: toFlag(isPinned) })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the content, author and time; false when the post does not exist. */
export async function replacePost(
  db: Db,
  id: string,
  input: PostFields & { authorId: string | null; updateTime: number },
): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({
      title: input.title,
      summary: input.summary,
      content: input.content,
      tags: JSON.stringify(input.tags),
      is_pinned: toFlag(input.isPinned),
      author_id: input.authorId,
      update_time: input.updateTime,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePost(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
