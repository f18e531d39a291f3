// The board service's scheduling: first reads build, later reads are served from the store,
// changes are coalesced (a burst costs one build per interval), callbacks run after the build that
// includes their change, and failures neither lose a change nor read as "no such game". The
// builder here only counts builds; building itself is tested against real databases elsewhere.
import { describe, expect, it, vi } from 'vitest';
import { encodeBoard, type BoardBytes } from '#server/services/scoreboard/boardBytes.js';
import { Boards, BoardUnavailableError } from '#server/services/scoreboard/boards.js';
import type { BoardBuilder } from '#server/services/scoreboard/builder.js';
import { MemoryBoardStore } from '#server/services/scoreboard/store.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

const emptyBoard = (gameId: number, version: number): BoardBytes =>
  encodeBoard(
    { id: gameId, startTime: 0 },
    {
      updateTimeUtc: version,
      bloodBonus: 0,
      timeLines: { all: [] },
      items: [],
      challenges: {},
      challengeCount: gameId,
    },
  );

/** Builds empty boards, counting builds per game; `gate` holds builds until released. */
function countingBuilder(options: { missing?: number[]; failing?: Set<number> } = {}) {
  const builds = new Map<number, number>();
  let gate: Promise<void> = Promise.resolve();
  const builder: BoardBuilder & { builds: Map<number, number>; hold(): () => void } = {
    builds,
    hold() {
      const d = deferred();
      gate = d.promise;
      return d.resolve;
    },
    async build(gameId, version) {
      builds.set(gameId, (builds.get(gameId) ?? 0) + 1);
      await gate;
      if (options.failing?.has(gameId)) throw new Error('database busy');
      return options.missing?.includes(gameId) ? undefined : emptyBoard(gameId, version);
    },
    async close() {},
  };
  return builder;
}

describe('the board service', () => {
  it('builds on the first read only, then serves the stored board', async () => {
    const builder = countingBuilder();
    const boards = new Boards(builder, new MemoryBoardStore(), { minIntervalMs: 0 });
    const first = await boards.get(1);
    expect(first?.challengeCount).toBe(1);
    expect(await boards.get(1)).toBe(first);
    expect(boards.peek(1)).toBe(first);
    expect(builder.builds.get(1)).toBe(1);
    await boards.close();
  });

  it('answers undefined for a game that does not exist, and keeps no state for it', async () => {
    const boards = new Boards(countingBuilder({ missing: [9] }), new MemoryBoardStore());
    expect(await boards.get(9)).toBeUndefined();
    await boards.close();
  });

  it('serves the previous board while the next one builds', async () => {
    const builder = countingBuilder();
    const boards = new Boards(builder, new MemoryBoardStore(), { minIntervalMs: 0 });
    const first = (await boards.get(1))!;
    const release = builder.hold();
    boards.invalidate(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await boards.get(1)).toBe(first);
    release();
    await boards.settle(1);
    const second = (await boards.get(1))!;
    expect(second.version).toBeGreaterThan(first.version);
    expect(second.etag).not.toBe(first.etag);
    await boards.close();
  });

  it('coalesces a burst of changes into one build per interval', async () => {
    const builder = countingBuilder();
    const boards = new Boards(builder, new MemoryBoardStore(), { minIntervalMs: 200 });
    await boards.get(3);
    for (let i = 0; i < 100; i++) boards.invalidate(3);
    await boards.settle(3);
    // the first read, then one build for the whole burst
    expect(builder.builds.get(3)).toBe(2);

    const release = builder.hold();
    boards.invalidate(3);
    await vi.waitFor(() => expect(builder.builds.get(3)).toBe(3), { timeout: 5_000 });
    for (let i = 0; i < 50; i++) boards.invalidate(3); // during the build: exactly one more
    release();
    await boards.settle(3);
    expect(builder.builds.get(3)).toBe(4);
    await boards.close();
  });

  it('runs callbacks once the board that includes their change is stored', async () => {
    const builder = countingBuilder();
    const store = new MemoryBoardStore();
    const built: number[] = [];
    const boards = new Boards(builder, store, {
      minIntervalMs: 0,
      onBuilt: (board) => built.push(board.version),
    });
    const before = (await boards.get(4))!;
    const seen: number[] = [];
    const release = builder.hold();
    boards.invalidate(4, () => seen.push(store.peek(4)!.version));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);
    release();
    await boards.settle(4);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThan(before.version);
    expect(built).toEqual([before.version, seen[0]]);
    await boards.close();
  });

  it('retries after a failed build and tells a first reader the board is unavailable', async () => {
    const failing = new Set([5]);
    const errors: number[] = [];
    const boards = new Boards(countingBuilder({ failing }), new MemoryBoardStore(), {
      minIntervalMs: 0,
      retryMs: 30,
      onError: (gameId) => errors.push(gameId),
    });
    await expect(boards.get(5)).rejects.toBeInstanceOf(BoardUnavailableError);
    const after: string[] = [];
    boards.invalidate(5, () => after.push('ran'));
    // released after the failed build, not lost
    await vi.waitFor(() => expect(after).toEqual(['ran']), { timeout: 5_000 });
    failing.delete(5);
    await boards.settle(5);
    expect((await boards.get(5))?.gameId).toBe(5);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    await boards.close();
  });

  it('forgets a removed game and its board', async () => {
    const builder = countingBuilder();
    const boards = new Boards(builder, new MemoryBoardStore(), { minIntervalMs: 0 });
    await boards.get(6);
    boards.invalidate(6);
    await boards.remove(6);
    expect(boards.peek(6)).toBeUndefined();
    await boards.close();
  });

  it('drops its copy when another instance built a newer version', async () => {
    const boards = new Boards(countingBuilder(), new MemoryBoardStore(), { minIntervalMs: 0 });
    const mine = (await boards.get(7))!;
    boards.builtElsewhere(7, mine.version - 1);
    expect(boards.peek(7)).toBe(mine);
    boards.builtElsewhere(7, mine.version + 1000);
    expect(boards.peek(7)).toBeUndefined();
    const next = (await boards.get(7))!;
    expect(next.version).toBeGreaterThan(mine.version + 1000);
    await boards.close();
  });
});
