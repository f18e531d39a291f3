// Stored files by content hash, with a reference count: storing the same content again reuses
// the row (the newest name and content type win), releasing the last reference removes it.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../schema.js';
import type { FileRow } from '../tables/platform.js';

export interface StoredFile {
  id: number;
  hash: string;
  name: string;
  size: number;
  uploadedAt: number;
  referenceCount: number;
  /** The type recorded at upload; null for files stored before types were recorded. */
  contentType: string | null;
}

type Db = Kysely<DB> | Transaction<DB>;

export function toStoredFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    hash: row.hash,
    name: row.name,
    size: row.size,
    uploadedAt: row.uploaded_at,
    referenceCount: row.reference_count,
    contentType: row.content_type,
  };
}

export async function findFileByHash(db: Db, hash: string): Promise<StoredFile | null> {
  const row = await db.selectFrom('files').selectAll().where('hash', '=', hash).executeTakeFirst();
  return row ? toStoredFile(row) : null;
}

/** Adds a reference to the content: inserts it, or counts one more reference and renames (and
 *  retypes) it. */
export async function addFileReference(
  db: Db,
  file: { hash: string; name: string; size: number; now: number; contentType: string },
): Promise<StoredFile> {
  const row = await db
    .insertInto('files')
    .values({
      hash: file.hash,
      name: file.name,
      size: file.size,
      uploaded_at: file.now,
      content_type: file.contentType,
    })
    .onConflict((oc) =>
      oc.column('hash').doUpdateSet({
        name: file.name,
        content_type: file.contentType,
        reference_count: sql`files.reference_count + 1`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStoredFile(row);
}

/** Drops one reference; returns `deleted` when it was the last one (the row is gone). */
export async function releaseFileReference(
  db: Db,
  hash: string,
): Promise<'deleted' | 'kept' | 'missing'> {
  const row = await db
    .updateTable('files')
    .set({ reference_count: sql`reference_count - 1` })
    .where('hash', '=', hash)
    .returning('reference_count')
    .executeTakeFirst();
  if (!row) return 'missing';
  if (row.reference_count > 0) return 'kept';
  await db.deleteFrom('files').where('hash', '=', hash).where('reference_count', '<=', 0).execute();
  return 'deleted';
}

export async function listFiles(db: Db, skip: number, count: number): Promise<StoredFile[]> {
  const rows = await db
    .selectFrom('files')
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .offset(skip)
    .limit(count)
    .execute();
  return rows.map(toStoredFile);
}

export async function countFiles(db: Db): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
