import type { Kysely } from 'kysely';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { DB } from '#server/db/schema.js';
import {
  startScoreboardWarmup,
  warmUpGamesUnderWay,
  warmUpScoreboards,
  WARMUP_INTERVAL_MS,
} from '#server/services/scoreboard/warmup.js';
import { createTestApp } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { HOUR, MINUTE, seedGame } from '../../routes/game/scoreboardFixtures.js';

describeEachDatabase('scoreboard warm-up', (getDb) => {
  let db: Kysely<DB>;
  beforeAll(() => {
    db = getDb().db;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const recorder = () => {
    const ids: number[] = [];
    return { ids, get: async (id: number) => void ids.push(id) };
  };

  it('computes the boards of games starting within 15 minutes only', async () => {
    const now = Date.UTC(2031, 5, 1, 12, 0);
    const soon = await seedGame(db, { start: now + 5 * MINUTE, end: now + HOUR });
    const edge = await seedGame(db, { start: now + 15 * MINUTE, end: now + HOUR });
    await seedGame(db, { start: now + 16 * MINUTE, end: now + HOUR });
    await seedGame(db, { start: now - MINUTE, end: now + HOUR });
    const target = recorder();
    expect(await warmUpScoreboards(db, target, now)).toEqual([soon.id, edge.id]);
    expect(target.ids).toEqual([soon.id, edge.id]);
  });

  it('logs a failing game and goes on with the others', async () => {
    const now = Date.UTC(2031, 6, 1, 12, 0);
    const a = await seedGame(db, { start: now + MINUTE, end: now + HOUR });
    const b = await seedGame(db, { start: now + 2 * MINUTE, end: now + HOUR });
    const errors: string[] = [];
    const done: number[] = [];
    const target = {
      get: async (id: number) => {
        if (id === a.id) throw new Error('boom');
        done.push(id);
      },
    };
    await warmUpScoreboards(db, target, now, { error: (_o, message) => errors.push(message) });
    expect(done).toEqual([b.id]);
    expect(errors).toEqual([`Could not warm up the scoreboard of game ${a.id}`]);
  });

  it('runs on every tenth minute until stopped', async () => {
    vi.useFakeTimers();
    const start = Date.UTC(2031, 7, 1, 12, 3);
    vi.setSystemTime(start);
    const game = await seedGame(db, { start: start + 12 * MINUTE, end: start + HOUR });
    const target = recorder();
    const job = startScoreboardWarmup({
      db,
      scoreboards: target,
      log: { error: () => {} },
    });
    await vi.advanceTimersByTimeAsync(6 * MINUTE);
    expect(target.ids).toEqual([]);
    await vi.advanceTimersByTimeAsync(MINUTE + 1000);
    await vi.waitFor(() => expect(target.ids).toEqual([game.id]));
    await job.stop();
    await vi.advanceTimersByTimeAsync(3 * WARMUP_INTERVAL_MS);
    expect(target.ids).toEqual([game.id]);
  });

  it('at start, builds the boards of games under way, just ended or about to start', async () => {
    const now = Date.UTC(2032, 1, 1, 12, 0);
    const running = await seedGame(db, { start: now - HOUR, end: now + HOUR });
    const ended = await seedGame(db, { start: now - 5 * HOUR, end: now - 2 * HOUR });
    const soon = await seedGame(db, { start: now + 10 * MINUTE, end: now + HOUR });
    await seedGame(db, { start: now - 60 * HOUR, end: now - 30 * HOUR });
    await seedGame(db, { start: now + HOUR, end: now + 2 * HOUR });
    const target = recorder();
    const ids = await warmUpGamesUnderWay(db, target, now);
    expect(ids).toEqual(expect.arrayContaining([running.id, ended.id, soon.id]));
    expect(ids).toHaveLength(3);
  });

  it('builds the board of a running game when the server starts, before anyone reads it', async () => {
    const game = await seedGame(db);
    const app = await createTestApp(getDb());
    try {
      await vi.waitFor(() => expect(app.scoreboards.peek(game.id)).toBeDefined(), {
        timeout: 10_000,
      });
    } finally {
      await app.close();
    }
  });
});
