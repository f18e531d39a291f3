/**
 * The game boards of the app: built off the main thread, kept as ready bytes, rebuilt after
 * changes. Readers get the stored board; only a game nobody has asked about since the start (and
 * that the warm-up did not reach) waits for its first build, which runs in the worker too.
 *
 * Changes are coalesced per game: a rebuild starts at most once per `minIntervalMs` (any number of
 * solves in a burst cost one rebuild), and changes arriving during a build make exactly one more.
 * After each build the board is stored, then `onBuilt` runs (the hub's "board changed" message),
 * then the callbacks given with the changes the build includes (blood notices: a player who sees
 * the notice and reads the board finds the blood on it).
 *
 * A board with a scoreboard freeze is built again, unasked, when the freeze begins and when the
 * game ends (`boundaryOf`): the frozen view appears, then goes, and players are told each time.
 *
 * With several instances (`exclusive`, the cluster lock), a rebuild after changes runs on one
 * instance at a time: one that finds another building waits `minIntervalMs` and tries again,
 * serving the shared board meanwhile. A first build that a reader waits for is never held back.
 */
import type { BoardBytes } from './boardBytes.js';
import type { BoardBuilder } from './builder.js';
import { OwnViews } from './ownView.js';
import type { BoardStore } from './store.js';

export interface BoardsOptions {
  /** Least time between the starts of two builds of one game. */
  minIntervalMs?: number;
  /** Wait before building again after a failed build. */
  retryMs?: number;
  /**
   * `tookMs`: from asking the builder to the board stored; `previous`: the board this instance
   * held before (to tell whether the frozen view changed).
   */
  onBuilt?: (board: BoardBytes, tookMs: number, previous: BoardBytes | undefined) => void;
  /** The game's board was removed here (the game is gone): tell the other instances. */
  onRemoved?: (gameId: number) => void;
  onError?: (gameId: number, error: unknown) => void;
  /** Runs a rebuild unless another instance is rebuilding the game; answers whether it ran. */
  exclusive?: (gameId: number, build: () => Promise<void>) => Promise<boolean>;
}

/** A 1,000-team board builds in well under 100 ms; see bench/README.md (event scenario). */
export const MIN_REBUILD_INTERVAL_MS = 100;
const RETRY_MS = 1_000;

interface GameState {
  /** A change not yet included in a build that has started. */
  dirty: boolean;
  /** Callbacks of those changes. */
  after: Array<() => void>;
  timer?: NodeJS.Timeout;
  building?: Promise<void>;
  lastStart: number;
  /** Last version built or seen, so versions only grow. */
  version: number;
  /** The last build failed (a reader waiting for a first board must not take it as "no game"). */
  failed: boolean;
  idle: Array<() => void>;
  /** Rebuilds the board when the scoreboard freeze begins or the game ends (see `boundaryOf`). */
  boundary?: NodeJS.Timeout;
}

/** setTimeout's longest delay; a boundary further away is set again by a later build. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The next time the board must be built again although nothing changed: the freeze (the frozen
 * view is built from then on, and players are told) and the end (the board unfreezes). None
 * without a freeze.
 */
export function boundaryOf(board: BoardBytes, now: number): number | undefined {
  if (board.freezeTime === null) return undefined;
  return [board.freezeTime, board.endTime].find((time) => time > now);
}

export class Boards {
  /** Teams' own views of frozen boards (ownView.ts). */
  readonly ownViews = new OwnViews();
  private readonly games = new Map<number, GameState>();
  private readonly minIntervalMs: number;
  private readonly retryMs: number;
  private closed = false;

  constructor(
    private readonly builder: BoardBuilder,
    private readonly store: BoardStore,
    private readonly options: BoardsOptions = {},
  ) {
    this.minIntervalMs = options.minIntervalMs ?? MIN_REBUILD_INTERVAL_MS;
    this.retryMs = options.retryMs ?? RETRY_MS;
  }

  /** The board this instance holds, if any: no waiting, no I/O. */
  peek(gameId: number): BoardBytes | undefined {
    return this.store.peek(gameId);
  }

  /**
   * The stored board; when there is none yet, builds it now (in the worker) and waits.
   * Undefined when the game does not exist; throws BoardUnavailableError when the build failed.
   */
  async get(gameId: number): Promise<BoardBytes | undefined> {
    const stored = await this.store.get(gameId);
    if (stored || this.closed) return stored;
    const state = this.state(gameId);
    if (state.building) await state.building;
    else {
      clearTimeout(state.timer);
      state.timer = undefined;
      await this.start(gameId, state);
    }
    const board = this.store.peek(gameId) ?? (await this.store.get(gameId));
    if (!board && state.failed) throw new BoardUnavailableError(gameId);
    if (!board && this.isIdle(state)) this.games.delete(gameId);
    return board;
  }

  /**
   * Something the board shows changed: rebuild soon. `after` runs once a build that includes
   * this change has finished (or failed).
   */
  invalidate(gameId: number, after?: () => void): void {
    if (this.closed) {
      after?.();
      return;
    }
    const state = this.state(gameId);
    state.dirty = true;
    if (after) state.after.push(after);
    this.schedule(gameId, state);
  }

  /**
   * A reader found a board built before the freeze, which has no frozen view: build one. Nothing
   * the board shows changed (writes say that through boardChanges.ts).
   */
  requestFrozenView(gameId: number): void {
    this.invalidate(gameId);
  }

  /** Resolves once no build of the game is running or waiting (tests, shutdown). */
  settle(gameId: number): Promise<void> {
    const state = this.games.get(gameId);
    if (!state || this.isIdle(state)) return Promise.resolve();
    return new Promise((resolve) => state.idle.push(resolve));
  }

  /** The game is gone: stop building it and forget its board. */
  async remove(gameId: number): Promise<void> {
    const state = this.games.get(gameId);
    if (state) {
      clearTimeout(state.timer);
      clearTimeout(state.boundary);
      state.timer = undefined;
      state.dirty = false;
      await state.building;
      this.games.delete(gameId);
      for (const run of state.after.splice(0)) run();
      for (const resolve of state.idle.splice(0)) resolve();
    }
    await this.store.delete(gameId);
    this.options.onRemoved?.(gameId);
  }

  /** Another instance removed the game's board: drop the copy held here. */
  removedElsewhere(gameId: number): void {
    const state = this.games.get(gameId);
    if (state?.building) return; // a build here finds the game gone by itself
    clearTimeout(state?.boundary);
    this.games.delete(gameId);
    this.store.forget(gameId, Number.POSITIVE_INFINITY);
  }

  /** Another instance built `version` of the game's board. */
  builtElsewhere(gameId: number, version: number): void {
    const state = this.state(gameId);
    state.version = Math.max(state.version, version);
    this.store.forget(gameId, version);
  }

  /** Finishes the builds in progress, drops pending ones, stops the worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const state of this.games.values()) {
      clearTimeout(state.timer);
      clearTimeout(state.boundary);
      state.timer = undefined;
      state.dirty = false;
    }
    await Promise.all([...this.games.values()].map((state) => state.building));
    for (const state of this.games.values()) {
      for (const run of state.after.splice(0)) run();
      for (const resolve of state.idle.splice(0)) resolve();
    }
    await this.builder.close();
    await this.store.close();
  }

  private state(gameId: number): GameState {
    let state = this.games.get(gameId);
    if (!state) {
      state = { dirty: false, after: [], lastStart: 0, version: 0, failed: false, idle: [] };
      this.games.set(gameId, state);
    }
    return state;
  }

  private setBoundary(gameId: number, state: GameState, board: BoardBytes): void {
    clearTimeout(state.boundary);
    state.boundary = undefined;
    const at = boundaryOf(board, Date.now());
    if (at === undefined || this.closed) return;
    const delay = at - Date.now();
    if (delay > MAX_TIMER_MS) return;
    // `unref`: a pending boundary never keeps the process alive.
    state.boundary = setTimeout(() => {
      state.boundary = undefined;
      this.invalidate(gameId);
    }, delay).unref();
  }

  private isIdle(state: GameState): boolean {
    return !state.building && !state.timer && !state.dirty;
  }

  private schedule(gameId: number, state: GameState, delay?: number): void {
    if (this.closed || state.building || state.timer || !state.dirty) return;
    const wait = delay ?? Math.max(0, state.lastStart + this.minIntervalMs - Date.now());
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void this.start(gameId, state, true);
    }, wait);
  }

  /** `exclusive`: a rebuild after changes, held back while another instance rebuilds. */
  private start(gameId: number, state: GameState, exclusive = false): Promise<void> {
    state.dirty = false;
    const after = state.after.splice(0);
    state.lastStart = Date.now();
    // Versions are build times, kept growing even if the clock steps back or two builds share
    // a millisecond.
    const version = Math.max(Date.now(), state.version + 1);
    state.version = version;
    let failed = false;
    let heldBack = false;
    const build = async () => {
      try {
        const began = performance.now();
        const previous = this.store.peek(gameId);
        const frozenBefore = previous?.frozen && { contentTag: previous.frozen.contentTag };
        const board = await this.builder.build(gameId, version, frozenBefore);
        if (board) {
          if (board.frozenUnchanged) {
            // Nothing players see changed: they keep the frozen view (and its tag) they have.
            board.frozen = previous?.frozen;
            delete board.frozenUnchanged;
          }
          await this.store.set(board).catch((error: unknown) => {
            // The copy in process is kept; other instances build their own meanwhile.
            this.options.onError?.(gameId, error);
          });
          this.setBoundary(gameId, state, board);
          this.options.onBuilt?.(board, performance.now() - began, previous);
        }
      } catch (error) {
        failed = true;
        this.options.onError?.(gameId, error);
      }
    };
    const guard = exclusive ? this.options.exclusive : undefined;
    state.building = guard
      ? guard(gameId, build).then(
          (ran) => void (heldBack = !ran),
          (error: unknown) => {
            failed = true;
            this.options.onError?.(gameId, error);
          },
        )
      : build();
    return state.building.finally(() => {
      state.building = undefined;
      if (heldBack && !this.closed) {
        // Another instance is building: ours includes what it may not, so it comes later.
        state.dirty = true;
        state.after.unshift(...after);
        this.schedule(gameId, state, this.minIntervalMs);
        return;
      }
      state.failed = failed;
      for (const run of after) runSafely(run);
      if (failed && !this.closed) {
        state.dirty = true;
        this.schedule(gameId, state, this.retryMs);
      } else this.schedule(gameId, state);
      if (this.isIdle(state)) for (const resolve of state.idle.splice(0)) resolve();
    });
  }
}

export class BoardUnavailableError extends Error {
  constructor(readonly gameId: number) {
    super(`The scoreboard of game ${gameId} could not be built`);
    this.name = 'BoardUnavailableError';
  }
}

function runSafely(run: () => void): void {
  try {
    run();
  } catch {
    // a callback's failure is its own business; the next ones still run
  }
}
