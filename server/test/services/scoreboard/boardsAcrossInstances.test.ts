// A game's board rebuilt by one instance at a time (issue 16): a rebuild after changes that finds
// another instance building (the cluster lock says no) is held back and tried again, its change
// and callbacks kept; a first build a reader waits for is never held back.
import { expect, it } from 'vitest';
import { encodeBoard } from '#server/services/scoreboard/boardBytes.js';
import { Boards } from '#server/services/scoreboard/boards.js';
import type { BoardBuilder } from '#server/services/scoreboard/builder.js';
import { MemoryBoardStore } from '#server/services/scoreboard/store.js';

function builder(): BoardBuilder & { builds: number } {
  return {
    builds: 0,
    async build(gameId, version) {
      this.builds++;
      return encodeBoard(
        { id: gameId, startTime: 0 },
        {
          updateTimeUtc: version,
          bloodBonus: 0,
          timeLines: { all: [] },
          items: [],
          challenges: {},
          challengeCount: 0,
        },
      );
    },
    async close() {},
  };
}

it('holds a rebuild back while another instance builds, then builds with its callbacks', async () => {
  const built = builder();
  let othersBuilding = 2;
  const asked: number[] = [];
  const boards = new Boards(built, new MemoryBoardStore(), {
    minIntervalMs: 20,
    exclusive: async (gameId, build) => {
      asked.push(gameId);
      if (othersBuilding-- > 0) return false;
      await build();
      return true;
    },
  });
  let notified = 0;
  boards.invalidate(7, () => notified++);
  await expect.poll(() => built.builds, { timeout: 2_000, interval: 5 }).toBe(1);
  await boards.settle(7);
  expect(asked).toEqual([7, 7, 7]);
  expect(notified).toBe(1);
  expect(boards.peek(7)).toBeDefined();
  await boards.close();
});

it('builds a first board a reader waits for without asking the lock', async () => {
  const built = builder();
  const boards = new Boards(built, new MemoryBoardStore(), {
    exclusive: async () => false,
  });
  expect(await boards.get(3)).toBeDefined();
  expect(built.builds).toBe(1);
  await boards.close();
});
