// The table of the site's posts (news). JSON columns are text here; the repositories parse and
// serialise them.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag } from './columns.js';

export interface PostsTable {
  id: string;
  title: string;
  summary: Generated<string>;
  content: Generated<string>;
  is_pinned: Generated<Flag>;
  /** JSON string[]. */
  tags: Generated<string>;
  author_id: string | null;
  update_time: EpochMs;
}

export interface PostTables {
  posts: PostsTable;
}

export type PostRow = Selectable<PostsTable>;
