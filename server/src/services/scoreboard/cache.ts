/**
 * Scoreboards are computed by one worker per game and served from a cache: readers never trigger
 * a recomputation, except the very first read of a game (which waits for it). `invalidate`
 * schedules a recomputation in the background; changes arriving meanwhile are coalesced into one
 * more run, and readers keep the previous board until the new one is ready.
 */
export interface ScoreboardStore<T> {
  get(gameId: number): Promise<T | undefined>;
  set(gameId: number, value: T): Promise<void>;
  delete(gameId: number): Promise<void>;
}

/** In-process store; a Redis store with the same interface serves several instances. */
export class MemoryScoreboardStore<T> implements ScoreboardStore<T> {
  private readonly values = new Map<number, T>();
  async get(gameId: number) {
    return this.values.get(gameId);
  }
  async set(gameId: number, value: T) {
    this.values.set(gameId, value);
  }
  async delete(gameId: number) {
    this.values.delete(gameId);
  }
}

interface Worker {
  running: Promise<void> | null;
  again: boolean;
}

export class ScoreboardCache<T> {
  private readonly workers = new Map<number, Worker>();

  constructor(
    private readonly compute: (gameId: number) => Promise<T>,
    private readonly store: ScoreboardStore<T> = new MemoryScoreboardStore<T>(),
    private readonly onError: (gameId: number, error: unknown) => void = () => {},
  ) {}

  /** The cached board; computed now only when the game has none yet. */
  async get(gameId: number): Promise<T> {
    const cached = await this.store.get(gameId);
    if (cached !== undefined) return cached;
    await this.run(gameId);
    const fresh = await this.store.get(gameId);
    if (fresh === undefined) return this.compute(gameId);
    return fresh;
  }

  /** Something changed: recompute in the background (at most one run per game at a time). */
  invalidate(gameId: number): void {
    void this.run(gameId).catch(() => {});
  }

  /** Waits until no recomputation of the game is pending (tests, shutdown). */
  async settle(gameId: number): Promise<void> {
    while (this.workers.get(gameId)?.running) await this.workers.get(gameId)!.running;
  }

  /** The game is gone: forget its board. */
  async remove(gameId: number): Promise<void> {
    await this.settle(gameId);
    await this.store.delete(gameId);
  }

  private run(gameId: number): Promise<void> {
    let worker = this.workers.get(gameId);
    if (!worker) {
      worker = { running: null, again: false };
      this.workers.set(gameId, worker);
    }
    if (worker.running) {
      worker.again = true;
      return worker.running;
    }
    const w = worker;
    w.running = (async () => {
      do {
        w.again = false;
        try {
          await this.store.set(gameId, await this.compute(gameId));
        } catch (error) {
          this.onError(gameId, error);
        }
      } while (w.again);
      w.running = null;
    })();
    return w.running;
  }
}
