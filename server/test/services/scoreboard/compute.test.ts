// The scoreboard computed from seeded rows on each database: bloods, ties, divisions, post-end
// solves, suspended teams, disabled challenges.
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { DB } from '#server/db/schema.js';
import { computeScoreboard, GameNotFoundError } from '#server/services/scoreboard/compute.js';
import { describeEachDatabase } from '../../support/databases.js';
import {
  HOUR,
  MINUTE,
  seedChallenge,
  seedGame,
  seedTeam,
  setParticipationStatus,
  solve,
} from '../../routes/game/scoreboardFixtures.js';

describeEachDatabase('computeScoreboard', (getDb) => {
  let db: Kysely<DB>;
  beforeAll(() => {
    db = getDb().db;
  });

  it('scores bloods retroactively and ranks teams (defaults, §13.1 scenario 4)', async () => {
    const game = await seedGame(db);
    const c = await seedChallenge(db, game.id, { title: 'warmup', category: 'Web' });
    const teams = [];
    for (const name of ['A', 'B', 'C', 'D', 'Idle']) {
      teams.push(await seedTeam(db, game.id, { name: `${name}-${game.id}` }));
    }
    for (const [i, team] of teams.slice(0, 4).entries()) {
      await solve(db, {
        gameId: game.id,
        challengeId: c.id,
        team,
        time: game.start + (i + 1) * MINUTE,
      });
    }
    const board = await computeScoreboard(db, game.id);
    expect(board.items.map((i) => i.score)).toEqual([694, 681, 668, 661, 0]);
    expect(board.items.map((i) => i.id)).toEqual(teams.map((t) => t.teamId));
    expect(board.items[0].solvedChallenges).toEqual([
      {
        id: c.id,
        score: 694,
        type: 'FirstBlood',
        userName: teams[0].captain.userName,
        time: game.start + MINUTE,
      },
    ]);
    expect(board.items[4]).toMatchObject({ rank: 5, lastSubmissionTime: -62135596800000 });
    expect(board.challenges).toEqual({
      Web: [
        {
          id: c.id,
          title: 'warmup',
          category: 'Web',
          score: 661,
          solved: 4,
          bloods: teams.slice(0, 3).map((t, i) => ({
            id: t.teamId,
            name: t.name,
            avatar: null,
            submitTimeUtc: game.start + (i + 1) * MINUTE,
          })),
          disableBloodBonus: false,
        },
      ],
    });
    expect(board.challengeCount).toBe(1);
    expect(board.bloodBonus).toBe(52459530);
    expect(board.timeLines.all).toHaveLength(5);
  });

  it('ignores solves at or after the end, wrong answers and later duplicates', async () => {
    const game = await seedGame(db, { start: Date.now() - 2 * HOUR, end: Date.now() - HOUR });
    const c = await seedChallenge(db, game.id, { minScoreRate: 1 });
    const early = await seedTeam(db, game.id);
    const late = await seedTeam(db, game.id);
    const base = { gameId: game.id, challengeId: c.id };
    await solve(db, { ...base, team: early, time: game.start + MINUTE, status: 'WrongAnswer' });
    await solve(db, { ...base, team: early, time: game.start + 2 * MINUTE });
    await solve(db, { ...base, team: early, time: game.start + 3 * MINUTE });
    await solve(db, { ...base, team: late, time: game.end });
    await solve(db, { ...base, team: late, time: game.end + MINUTE });
    const board = await computeScoreboard(db, game.id);
    expect(board.items.map((i) => [i.id, i.score, i.solvedCount])).toEqual([
      [early.teamId, 1050, 1],
      [late.teamId, 0, 0],
    ]);
    expect(board.items[0].lastSubmissionTime).toBe(game.start + 2 * MINUTE);
    expect(board.challenges.Misc![0].solved).toBe(1);
  });

  it('breaks full ties by registration order', async () => {
    const game = await seedGame(db, { bloodBonus: 0 });
    const c1 = await seedChallenge(db, game.id, { minScoreRate: 1 });
    const c2 = await seedChallenge(db, game.id, { minScoreRate: 1 });
    const first = await seedTeam(db, game.id);
    const second = await seedTeam(db, game.id);
    const time = game.start + MINUTE;
    await solve(db, { gameId: game.id, challengeId: c2.id, team: second, time });
    await solve(db, { gameId: game.id, challengeId: c1.id, team: first, time });
    const board = await computeScoreboard(db, game.id);
    expect(board.items.map((i) => [i.id, i.rank, i.score])).toEqual([
      [first.teamId, 1, 1000],
      [second.teamId, 2, 1000],
    ]);
  });

  it('leaves out teams that are not accepted, passing their bloods on', async () => {
    const game = await seedGame(db, { bloodBonus: 0 });
    const c = await seedChallenge(db, game.id, { minScoreRate: 1 });
    const suspended = await seedTeam(db, game.id);
    const accepted = await seedTeam(db, game.id);
    await seedTeam(db, game.id, { status: 'Pending' });
    await seedTeam(db, game.id, { status: 'Rejected' });
    await solve(db, { gameId: game.id, challengeId: c.id, team: suspended, time: game.start + 1 });
    await solve(db, { gameId: game.id, challengeId: c.id, team: accepted, time: game.start + 2 });
    await setParticipationStatus(db, suspended.participationId, 'Suspended');
    const board = await computeScoreboard(db, game.id);
    expect(board.items.map((i) => i.id)).toEqual([accepted.teamId]);
    expect(board.items[0].solvedChallenges[0].type).toBe('FirstBlood');
    expect(board.challenges.Misc![0].bloods.map((b) => b.id)).toEqual([accepted.teamId]);
    // The stored count is not lowered by a suspension (as in the reference).
    expect(board.challenges.Misc![0].solved).toBe(2);
  });

  it('shows only enabled challenges, in category and title order', async () => {
    const game = await seedGame(db);
    const hidden = await seedChallenge(db, game.id, { enabled: false, title: 'draft' });
    await seedChallenge(db, game.id, { title: 'b', category: 'Pwn' });
    await seedChallenge(db, game.id, { title: 'a', category: 'Pwn' });
    await seedChallenge(db, game.id, { title: 'z', category: 'Crypto' });
    const team = await seedTeam(db, game.id);
    await solve(db, { gameId: game.id, challengeId: hidden.id, team, time: game.start + 1 });
    const board = await computeScoreboard(db, game.id);
    expect(Object.keys(board.challenges)).toEqual(['Crypto', 'Pwn']);
    expect(board.challenges.Pwn!.map((c) => c.title)).toEqual(['a', 'b']);
    expect(board.challengeCount).toBe(3);
    expect(board.items[0].score).toBe(0);
  });

  it('ranks within divisions, with a time line per division', async () => {
    const game = await seedGame(db, { divisions: ['Pro', 'Student'] });
    const c = await seedChallenge(db, game.id, { minScoreRate: 1, disableBloodBonus: true });
    const stu = await seedTeam(db, game.id, { division: 'Student' });
    const pro1 = await seedTeam(db, game.id, { division: 'Pro' });
    const pro2 = await seedTeam(db, game.id, { division: 'Pro' });
    await solve(db, { gameId: game.id, challengeId: c.id, team: pro2, time: game.start + 1 });
    await solve(db, { gameId: game.id, challengeId: c.id, team: stu, time: game.start + 2 });
    const board = await computeScoreboard(db, game.id);
    expect(board.items.map((i) => [i.id, i.division, i.rank, i.divisionRank, i.score])).toEqual([
      [pro2.teamId, 'Pro', 1, 1, 1000],
      [stu.teamId, 'Student', 2, 1, 1000],
      [pro1.teamId, 'Pro', 3, 2, 0],
    ]);
    expect(Object.keys(board.timeLines)).toEqual(['all', 'Pro', 'Student']);
    expect(board.timeLines.Pro.map((t) => t.id)).toEqual([pro2.teamId, pro1.teamId]);
    expect(board.timeLines.Pro[1].items).toEqual([]);
    expect(board.challenges.Misc![0]).toMatchObject({ bloods: [], disableBloodBonus: true });
  });

  it('shows team avatars and bios', async () => {
    const game = await seedGame(db);
    const team = await seedTeam(db, game.id, { bio: 'we hack' });
    await db
      .updateTable('teams')
      .set({ avatar_hash: 'f00d' })
      .where('id', '=', team.teamId)
      .execute();
    const board = await computeScoreboard(db, game.id);
    expect(board.items[0]).toMatchObject({ bio: 'we hack', avatar: '/assets/f00d/avatar' });
  });

  it('fails for an unknown game', async () => {
    await expect(computeScoreboard(db, 987654)).rejects.toBeInstanceOf(GameNotFoundError);
  });
});
