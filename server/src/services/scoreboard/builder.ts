/**
 * Who builds boards: a worker thread (piscina, one thread: builds are short and a second core is
 * better left to requests), or, for an in-memory SQLite database that no other thread can open,
 * the main thread itself.
 */
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { Piscina } from 'piscina';
import type { DatabaseSource } from '../../db/database.js';
import { markDatabaseError } from '../../db/faults.js';
import { IN_MEMORY } from '../../db/dialects/sqlite.js';
import type { DB } from '../../db/schema.js';
import { reviveBoard, type BoardBytes, type FrozenBefore } from './boardBytes.js';
import { buildBoardBytes } from './compute.js';
import type { WorkerTask } from './worker.js';

export interface BoardBuilder {
  /**
   * The game's board at `version`; undefined when the game does not exist. `frozenBefore`: the
   * frozen view held now (a build that finds it unchanged says `frozenUnchanged`).
   */
  build(
    gameId: number,
    version: number,
    frozenBefore?: FrozenBefore,
  ): Promise<BoardBytes | undefined>;
  close(): Promise<void>;
}

/**
 * The worker's module: beside the running bundle in production (build/server/main.mjs and
 * scoreboardWorker.mjs), its TypeScript source through a tsx bootstrap otherwise.
 */
function workerFile(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return fileURLToPath(
    new URL(fromSource ? './worker.boot.mjs' : './scoreboardWorker.mjs', import.meta.url),
  );
}

/** Threads with nothing to build exit after this long; the next build starts one again. */
const IDLE_TIMEOUT_MS = 60_000;
/** The worker's young generation (short-lived objects), in MB. */
const WORKER_YOUNG_GENERATION_MB = 16;

export class WorkerBoardBuilder implements BoardBuilder {
  private readonly pool = new Piscina<WorkerTask, BoardBytes | null>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_TIMEOUT_MS,
    // A build makes tens of MB of short-lived objects: over 40 builds of a 1,000-team board the
    // process peaked 50–90 MB lower with an 8-MB young generation than with V8's default; 16 MB
    // builds about 8 % faster than 8 MB (fewer survivors copied) for a few MB more. The old
    // generation is left unbounded: a thread out of memory builds no board.
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  private closed = false;

  constructor(private readonly source: DatabaseSource) {}

  async build(
    gameId: number,
    version: number,
    frozenBefore?: FrozenBefore,
  ): Promise<BoardBytes | undefined> {
    const board = await this.pool
      .run({ kind: 'build', source: this.source, gameId, version, frozenBefore })
      .catch((error: unknown) => {
        // A build only reads the database: what failed in the thread failed there. Only the
        // message crosses threads, so say where it came from (faults.ts reads it then).
        throw markDatabaseError(error);
      });
    return board ? reviveBoard(board) : undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Lets the thread close its database connection before it is stopped.
    if (this.pool.threads.length > 0) {
      await this.pool.run({ kind: 'close', source: this.source }).catch(() => {});
    }
    await this.pool.destroy();
  }
}

export class InlineBoardBuilder implements BoardBuilder {
  constructor(private readonly db: Kysely<DB>) {}

  build(
    gameId: number,
    version: number,
    frozenBefore?: FrozenBefore,
  ): Promise<BoardBytes | undefined> {
    return buildBoardBytes(this.db, gameId, version, { frozenBefore });
  }

  async close(): Promise<void> {}
}

export function boardBuilder(db: Kysely<DB>, source: DatabaseSource): BoardBuilder {
  const shared = source.dialect === 'postgres' || source.file !== IN_MEMORY;
  return shared ? new WorkerBoardBuilder(source) : new InlineBoardBuilder(db);
}
