// Challenge and flag attachments: a local file (by content hash, holding one reference to it) or
// a remote URL. Views join the files table for the download URL and size.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export type AttachmentType = 'Local' | 'Remote';

export interface NewAttachment {
  type: AttachmentType;
  fileHash?: string | null;
  remoteUrl?: string | null;
}

/** Attachment of the wire model: `url` and `fileSize` are null for a missing local file. */
export interface AttachmentView {
  id: number;
  type: AttachmentType;
  url: string | null;
  fileSize: number | null;
}

/** One more reference to a stored file; false when no file has that hash. */
export async function retainFile(db: Db, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('files')
    .set({ reference_count: sql`reference_count + 1` })
    .where('hash', '=', hash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes a file record whatever its reference count (its content is already gone). */
export async function dropFileRecord(db: Db, hash: string): Promise<void> {
  await db.deleteFrom('files').where('hash', '=', hash).execute();
}

export async function createAttachment(db: Db, input: NewAttachment): Promise<number> {
  const row = await db
    .insertInto('attachments')
    .values({
      type: input.type,
      file_hash: input.type === 'Local' ? (input.fileHash ?? null) : null,
      remote_url: input.type === 'Remote' ? (input.remoteUrl ?? '') : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the attachments and answers the local file hashes they referenced. */
export async function deleteAttachments(db: Db, ids: Array<number | null>): Promise<string[]> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return [];
  const rows = await db
    .deleteFrom('attachments')
    .where('id', 'in', wanted)
    .returning(['file_hash'])
    .execute();
  return rows.map((row) => row.file_hash).filter((hash): hash is string => !!hash);
}

export async function attachmentViews(
  db: Db,
  ids: Array<number | null>,
): Promise<Map<number, AttachmentView>> {
  const views = new Map<number, AttachmentView>();
  for (const [id, source] of await attachmentSources(db, ids)) {
    views.set(id, {
      id,
      type: source.type,
      url:
        source.type === 'Remote'
          ? source.remoteUrl
          : source.file
            ? `/assets/${source.file.hash}/${source.file.name}`
            : null,
      fileSize: source.file ? source.file.size : null,
    });
  }
  return views;
}

/** Where an attachment's content is: its stored file (hash, name, size) or its URL. */
export interface AttachmentSource {
  id: number;
  type: AttachmentType;
  /** The stored file; null for a remote attachment or a local one whose file is missing. */
  file: { hash: string; name: string; size: number } | null;
  remoteUrl: string | null;
}

export async function attachmentSources(
  db: Db,
  ids: Array<number | null>,
): Promise<Map<number, AttachmentSource>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const sources = new Map<number, AttachmentSource>();
  if (wanted.length === 0) return sources;
  const rows = await db
    .selectFrom('attachments')
    .leftJoin('files', 'files.hash', 'attachments.file_hash')
    .select([
      'attachments.id',
      'attachments.type',
      'attachments.remote_url',
      'files.hash',
      'files.name',
      'files.size',
    ])
    .where('attachments.id', 'in', wanted)
    .execute();
  for (const row of rows) {
    const { hash, name, size } = row;
    const stored = row.type === 'Local' && hash && name !== null && size !== null;
    sources.set(row.id, {
      id: row.id,
      type: row.type,
      file: stored ? { hash, name, size: Number(size) } : null,
      remoteUrl: row.type === 'Remote' ? row.remote_url : null,
    });
  }
  return sources;
}
