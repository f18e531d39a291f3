/**
 * Boards shared by every instance through Redis (REDIS_URL): whichever instance builds a board
 * writes its bytes to one hash per game, unless Redis already holds a newer version; the others
 * read it from there once and keep a copy in process (readers never leave the process for a
 * board they have). Entries expire 14 days after their last build. Keys are namespaced by the
 * database the boards come from, so deployments (or test apps) sharing one Redis never see each
 * other's boards.
 *
 * While Redis is unreachable, commands fail at once (no offline queue, redisConnection.ts):
 * readers keep the copy they have, or the board is built again here, and builds keep their board
 * here only. The outage is logged once by the connection; an error Redis answers with (a full
 * Redis, a broken script) is told to `onError` each time.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ReplyError, type Redis } from 'ioredis';
import type { DatabaseSource } from '../../db/database.js';
import { RedisLink, redisOutageLog } from '../redisConnection.js';
import type { BoardBytes, BoardView, RowSpans } from './boardBytes.js';
import { MemoryBoardStore, type BoardStore } from './store.js';
import { toScoreVisibility, type ScoreVisibility } from '../../domain/scoreVisibility.js';

export const SCOREBOARD_TTL_SECONDS = 14 * 24 * 60 * 60;

// Writes the board unless the stored one is at least as new (two instances may finish builds
// out of order); answers 1 when written. The hash is written whole (a board without a frozen view
// must not keep the previous build's): ARGV = version, ttl, then field/value pairs.
const SET_IF_NEWER = `
local stored = redis.call('HGET', KEYS[1], 'version')
if stored and tonumber(stored) >= tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'version', ARGV[1], unpack(ARGV, 3))
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1`;

/** What a view keeps besides its bytes. */
interface ViewMeta {
  etag: string;
  challengeCount: number;
  challengesJson: string;
}

interface Meta extends ViewMeta {
  startTime: number;
  endTime: number;
  freezeTime: number | null;
  hidden: boolean;
  scoreVisibility: ScoreVisibility;
  /** The frozen view's, when the board has one (its bytes are the `frozen.*` fields). */
  frozen?: ViewMeta & { contentTag: string; version: number };
}

const viewMeta = (view: BoardView): ViewMeta => ({
  etag: view.etag,
  challengeCount: view.challengeCount,
  challengesJson: view.challengesJson,
});

/** The hash fields of a view's bytes, under `prefix`. */
const viewFields = (prefix: string, view: BoardView): (string | Buffer)[] => [
  `${prefix}json`,
  view.json,
  `${prefix}gzip`,
  view.gzip,
  `${prefix}br`,
  view.br,
  `${prefix}spans`,
  Buffer.from(view.rows.buffer, view.rows.byteOffset, view.rows.byteLength),
  `${prefix}standings`,
  view.standings,
];

const FROZEN = 'frozen.';

export interface RedisBoardStoreOptions {
  ttlSeconds?: number;
  /** Told about errors Redis answered with (not about an unreachable Redis). */
  onError?: (error: Error) => void;
  /** Closes the connection (QUIT by default). */
  close?: () => Promise<void>;
}

type RedisWithScript = Redis & {
  setBoardIfNewer(key: string, ...args: (string | number | Buffer)[]): Promise<number>;
};

export class RedisBoardStore implements BoardStore {
  private readonly local = new MemoryBoardStore();
  private readonly redis: RedisWithScript;
  private readonly ttlSeconds: number;

  constructor(
    redis: Redis,
    private readonly namespace: string,
    private readonly options: RedisBoardStoreOptions = {},
  ) {
    this.ttlSeconds = options.ttlSeconds ?? SCOREBOARD_TTL_SECONDS;
    redis.defineCommand('setBoardIfNewer', { numberOfKeys: 1, lua: SET_IF_NEWER });
    this.redis = redis as RedisWithScript;
  }

  key(gameId: number): string {
    return `vexil:board:${this.namespace}:${gameId}`;
  }

  async get(gameId: number): Promise<BoardBytes | undefined> {
    const mine = this.local.peek(gameId);
    if (mine) return mine;
    const fields = await this.redis
      .hgetallBuffer(this.key(gameId))
      .catch((error: Error) => this.failed(error, null));
    const board = fields && fields.version ? fromFields(gameId, fields) : undefined;
    if (board) await this.local.set(board);
    return board;
  }

  peek(gameId: number): BoardBytes | undefined {
    return this.local.peek(gameId);
  }

  async set(board: BoardBytes): Promise<void> {
    await this.local.set(board);
    const meta: Meta = {
      startTime: board.startTime,
      endTime: board.endTime,
      freezeTime: board.freezeTime,
      hidden: board.hidden,
      scoreVisibility: board.scoreVisibility,
      ...viewMeta(board),
      ...(board.frozen && {
        frozen: {
          ...viewMeta(board.frozen),
          contentTag: board.frozen.contentTag,
          version: board.frozen.version,
        },
      }),
    };
    await this.redis
      .setBoardIfNewer(
        this.key(board.gameId),
        board.version,
        this.ttlSeconds,
        'meta',
        JSON.stringify(meta),
        ...viewFields('', board),
        ...(board.frozen ? viewFields(FROZEN, board.frozen) : []),
      )
      .catch((error: Error) => this.failed(error, 0));
  }

  async delete(gameId: number): Promise<void> {
    await this.local.delete(gameId);
    // Left in Redis while it is unreachable: it expires, and no game has that id again.
    await this.redis.del(this.key(gameId)).catch((error: Error) => this.failed(error, 0));
  }

  forget(gameId: number, version: number): void {
    this.local.forget(gameId, version);
  }

  async close(): Promise<void> {
    await this.local.close();
    if (this.options.close) await this.options.close();
    else await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Carries on without Redis; an answer of Redis that is an error is reported. */
  private failed<T>(error: Error, fallback: T): T {
    if (error instanceof ReplyError) this.options.onError?.(error);
    return fallback;
  }
}

/** Row spans read back: copied, since a buffer from Redis need not start on a 4-byte boundary. */
function spansOf(bytes: Buffer): RowSpans {
  if (bytes.length % 12 !== 0) throw new Error('The board has damaged row spans');
  const spans = new Uint32Array(bytes.length / 4);
  new Uint8Array(spans.buffer).set(bytes);
  return spans;
}

function viewFrom(meta: ViewMeta, fields: Record<string, Buffer>, prefix: string): BoardView {
  const bytes = (name: string) => {
    const value = fields[`${prefix}${name}`];
    if (!value) throw new Error(`The board has no ${prefix}${name}`);
    return value;
  };
  return {
    etag: meta.etag,
    json: bytes('json'),
    gzip: bytes('gzip'),
    br: bytes('br'),
    challengeCount: meta.challengeCount,
    challengesJson: meta.challengesJson,
    rows: spansOf(bytes('spans')),
    standings: bytes('standings'),
  };
}

function fromFields(gameId: number, fields: Record<string, Buffer>): BoardBytes | undefined {
  try {
    const meta = JSON.parse(fields.meta.toString('utf8')) as Meta;
    // A board kept before boards knew whether their game is hidden: build it again.
    if (typeof meta.hidden !== 'boolean') return undefined;
    // …or before they knew who may see their scores (issue 25): the same.
    if (typeof meta.scoreVisibility !== 'string') return undefined;
    return {
      gameId,
      startTime: meta.startTime,
      endTime: meta.endTime,
      freezeTime: meta.freezeTime,
      hidden: meta.hidden,
      scoreVisibility: toScoreVisibility(meta.scoreVisibility),
      version: Number(fields.version.toString('utf8')),
      ...viewFrom(meta, fields, ''),
      ...(meta.frozen && {
        frozen: {
          ...viewFrom(meta.frozen, fields, FROZEN),
          contentTag: meta.frozen.contentTag,
          version: meta.frozen.version,
        },
      }),
    };
  } catch {
    // Written by another version of Vexil, or damaged: build it again.
    return undefined;
  }
}

/** A short stable name for the database behind this instance. */
export function databaseNamespace(identity: string): string {
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

/** The identity of a database, the same for every instance that uses it. */
export const sourceIdentity = (source: DatabaseSource): string =>
  source.dialect === 'postgres' ? source.url : source.file;

/** The Redis store when `url` is set (closed with the app's board service), else the memory one. */
export function boardStore(
  app: FastifyInstance,
  url: string | undefined,
  source: DatabaseSource,
): BoardStore {
  if (!url) return new MemoryBoardStore();
  const link = new RedisLink(
    url,
    redisOutageLog(app.log, 'scoreboards', 'boards are built and kept here meanwhile'),
  );
  return new RedisBoardStore(link.commands(), databaseNamespace(sourceIdentity(source)), {
    onError: (error) => app.log.error({ err: error }, 'Redis refused a scoreboard command'),
    close: () => link.close(),
  });
}
