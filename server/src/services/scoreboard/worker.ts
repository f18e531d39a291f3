/**
 * The scoreboard worker thread (piscina task module). Building a 1,000-team board means reading
 * every counted solve, ranking, and writing about 2 MB of JSON, gzip and brotli: tens of
 * milliseconds that must not stall the main thread's requests (on SQLite even the reads are
 * synchronous). The worker keeps its own connection to each database it is asked about: SQLite
 * in write-ahead-log mode lets it read while the main thread writes; PostgreSQL gets a pool of one.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSource } from '../../db/database.js';
import { openPostgres } from '../../db/dialects/postgres.js';
import { openSqliteFile } from '../../db/dialects/sqlite.js';
import type { DB } from '../../db/schema.js';
import type { BoardBytes } from './boardBytes.js';
import { buildBoardBytes } from './compute.js';

export type WorkerTask =
  | { kind: 'build'; source: DatabaseSource; gameId: number; version: number }
  /** Closes the connection to the source (the app is closing). */
  | { kind: 'close'; source: DatabaseSource };

const connections = new Map<string, Kysely<DB>>();
const keyOf = (source: DatabaseSource) =>
  source.dialect === 'sqlite' ? `sqlite:${source.file}` : `postgres:${source.url}`;

function connect(source: DatabaseSource): Kysely<DB> {
  const key = keyOf(source);
  let db = connections.get(key);
  if (!db) {
    db =
      source.dialect === 'sqlite'
        ? openSqliteFile(source.file)
        : openPostgres(source.url, undefined, 1);
    connections.set(key, db);
  }
  return db;
}

/** Answers the built board, or null when the game does not exist (or for `close`). */
export default async function run(task: WorkerTask): Promise<BoardBytes | null> {
  if (task.kind === 'close') {
    const db = connections.get(keyOf(task.source));
    connections.delete(keyOf(task.source));
    await db?.destroy();
    return null;
  }
  return (await buildBoardBytes(connect(task.source), task.gameId, task.version)) ?? null;
}
