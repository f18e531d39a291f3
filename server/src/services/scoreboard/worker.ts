/**
 * The scoreboard worker thread (piscina task module). Building a 1,000-team board means reading
 * every counted solve, ranking, and writing about 2 MB of JSON, gzip and brotli: tens of
 * milliseconds that must not stall the main thread's requests (on SQLite even the reads are
 * synchronous). The worker keeps its own connection to each database it is asked about: SQLite
 * in write-ahead-log mode lets it read while the main thread writes; PostgreSQL gets a pool of three.
 * It also keeps each game's accepted solves between builds (solveCache.ts), so a build reads only
 * what changed.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSource } from '../../db/database.js';
import { openPostgres } from '../../db/dialects/postgres.js';
import { openSqliteFile } from '../../db/dialects/sqlite.js';
import type { DB } from '../../db/schema.js';
import type { BoardBytes, BoardRowTexts, FrozenBefore } from './boardBytes.js';
import { buildBoardBytes } from './compute.js';
import { RowTexts } from './rowTexts.js';
import { GameSolves } from './solveCache.js';

export type WorkerTask =
  | {
      kind: 'build';
      source: DatabaseSource;
      gameId: number;
      version: number;
      frozenBefore?: FrozenBefore;
    }
  /** Closes the connection to the source (the app is closing). */
  | { kind: 'close'; source: DatabaseSource };

const connections = new Map<string, Kysely<DB>>();
/**
 * A build's reads run side by side (the game's lists, the new solves in one snapshot, the blood
 * orders): with one connection they queued, eight round trips one after another.
 */
const POSTGRES_CONNECTIONS = 3;

/** What the worker keeps of a game between its builds. */
interface GameMemo {
  solves: GameSolves;
  rowTexts: BoardRowTexts;
}

/** Each game's memo, by database and game. */
const memos = new Map<string, GameMemo>();
/** A game nobody built for this long is forgotten (its next build reads it in full). */
const FORGET_AFTER_MS = 10 * 60_000;
const keyOf = (source: DatabaseSource) =>
  source.dialect === 'sqlite' ? `sqlite:${source.file}` : `postgres:${source.url}`;

function connect(source: DatabaseSource): Kysely<DB> {
  const key = keyOf(source);
  let db = connections.get(key);
  if (!db) {
    db =
      source.dialect === 'sqlite'
        ? openSqliteFile(source.file)
        : openPostgres(source.url, { poolSize: POSTGRES_CONNECTIONS });
    connections.set(key, db);
  }
  return db;
}

function forgetIdleGames(): void {
  const now = Date.now();
  for (const [key, memo] of memos) {
    if (now - memo.solves.usedAt > FORGET_AFTER_MS) memos.delete(key);
  }
}

/** Answers the built board, or null when the game does not exist (or for `close`). */
export default async function run(task: WorkerTask): Promise<BoardBytes | null> {
  if (task.kind === 'close') {
    const db = connections.get(keyOf(task.source));
    connections.delete(keyOf(task.source));
    for (const key of memos.keys()) {
      if (key.startsWith(`${keyOf(task.source)}#`)) memos.delete(key);
    }
    await db?.destroy();
    return null;
  }
  const key = `${keyOf(task.source)}#${task.gameId}`;
  forgetIdleGames();
  let memo = memos.get(key);
  if (!memo) {
    memo = { solves: new GameSolves(), rowTexts: { live: new RowTexts(), frozen: new RowTexts() } };
    memos.set(key, memo);
  }
  const began = performance.now();
  const board = await buildBoardBytes(connect(task.source), task.gameId, task.version, {
    solves: memo.solves,
    frozenBefore: task.frozenBefore,
    rowTexts: memo.rowTexts,
  });
  if (!board) {
    memos.delete(key);
    return null;
  }
  return {
    ...board,
    read: {
      ...memo.solves.lastRead,
      rowsWritten: memo.rowTexts.live.written,
      workerMs: performance.now() - began,
    },
  };
}
