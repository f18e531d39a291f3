// Awards (issue 25): organisers give or take points from a team; the board counts them in the
// score, the rank (the tie goes to whoever reached the score first), the time line at the
// award's time and the team's row; CTFtime feed and xlsx follow; bad input is refused with 400;
// only Admins write, Monitors read; every write is in the admin log.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { components } from '#wire/schema.gen.js';
import { listLogs } from '#server/db/repositories/logs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import type { Caller } from '../../support/app.js';
import { MINUTE, seedChallenge, seedGame, seedTeam, solve } from '../game/scoreboardFixtures.js';

type Board = components['schemas']['ScoreboardModel'];
type AwardModel = components['schemas']['AwardModel'];

describeEachDatabase('awards', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');
  const user = server.as('User');

  async function boardOf(gameId: number, call: Caller = server.anonymous): Promise<Board> {
    await server.app.scoreboards.settle(gameId);
    const response = await call({ method: 'GET', url: `/api/game/${gameId}/scoreboard` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Board;
  }

  const give = (gameId: number, payload: Record<string, unknown>, call: Caller = admin) =>
    call({ method: 'POST', url: `/api/edit/games/${gameId}/awards`, payload });

  async function given(gameId: number, payload: Record<string, unknown>): Promise<AwardModel> {
    const response = await give(gameId, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AwardModel;
  }

  /** Two teams that solved the same challenge, Early before Late (Early has the blood). */
  async function twoTeams() {
    const { db } = server.app;
    const game = await seedGame(db);
    const challenge = await seedChallenge(db, game.id, {
      minScoreRate: 1,
      disableBloodBonus: true,
    });
    const early = await seedTeam(db, game.id, { name: `Early ${game.id}` });
    const late = await seedTeam(db, game.id, { name: `Late ${game.id}` });
    await solve(db, {
      gameId: game.id,
      challengeId: challenge.id,
      team: early,
      time: game.start + MINUTE,
    });
    await solve(db, {
      gameId: game.id,
      challengeId: challenge.id,
      team: late,
      time: game.start + 2 * MINUTE,
    });
    server.app.scoreboards.invalidate(game.id);
    return { game, challenge, early, late };
  }

  it('gives points: score, rank, the team row and the time line follow at the award time', async () => {
    const { game, early, late } = await twoTeams();
    const before = await boardOf(game.id);
    expect(before.items.map((i) => i.id)).toEqual([early.teamId, late.teamId]);
    const earlyScore = before.items[0].score;
    expect(before.items[1].score).toBe(1000);

    const time = game.start + 10 * MINUTE;
    const award = await given(game.id, {
      teamId: late.teamId,
      value: 200,
      reason: '  Best writeup  ',
      time,
    });
    expect(award).toMatchObject({
      gameId: game.id,
      teamId: late.teamId,
      teamName: late.name,
      participationId: late.participationId,
      value: 200,
      reason: 'Best writeup',
      time,
    });
    expect(award.givenBy).toEqual(expect.any(String));

    const after = await boardOf(game.id);
    expect(after.items.map((i) => i.id)).toEqual([late.teamId, early.teamId]);
    const row = after.items[0];
    expect(row).toMatchObject({
      score: 1200,
      rank: 1,
      lastSubmissionTime: time,
      solvedCount: 1,
      awards: [{ id: award.id, value: 200, reason: 'Best writeup', time }],
    });
    expect(after.items[1]).toMatchObject({ score: earlyScore, rank: 2 });
    expect(after.items[1].awards).toBeUndefined();
    // The score line steps at the award's time.
    const line = after.timeLines.all.find((l) => l.id === late.teamId)!;
    expect(line.items).toEqual([
      { time: game.start + 2 * MINUTE, score: 1000 },
      { time, score: 1200 },
    ]);
  });

  it('takes points, possibly below zero, and ranks equal scores by who reached them first', async () => {
    const { db } = server.app;
    const game = await seedGame(db);
    const a = await seedTeam(db, game.id, { name: `A ${game.id}` });
    const b = await seedTeam(db, game.id, { name: `B ${game.id}` });
    const c = await seedTeam(db, game.id, { name: `C ${game.id}` });
    await given(game.id, {
      teamId: c.teamId,
      value: -30,
      reason: 'Flag sharing',
      time: game.start + 1,
    });
    // B reaches 50 before A does: B ranks first on the tie.
    await given(game.id, {
      teamId: b.teamId,
      value: 50,
      reason: 'Bug report',
      time: game.start + 5,
    });
    await given(game.id, {
      teamId: a.teamId,
      value: 50,
      reason: 'Bug report',
      time: game.start + 9,
    });
    const board = await boardOf(game.id);
    expect(board.items.map((i) => [i.name, i.score, i.rank])).toEqual([
      [b.name, 50, 1],
      [a.name, 50, 2],
      [c.name, -30, 3],
    ]);
    expect(board.timeLines.all.find((l) => l.id === c.teamId)!.items).toEqual([
      { time: game.start + 1, score: -30 },
    ]);
  });

  it('edits and removes an award; the board follows and the list shows it', async () => {
    const { game, late, early } = await twoTeams();
    const award = await given(game.id, { teamId: late.teamId, value: 10, reason: 'Typo found' });
    const edited = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/awards/${award.id}`,
      payload: { value: -500, reason: 'Attacked the platform' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      value: -500,
      reason: 'Attacked the platform',
      time: award.time,
    });
    expect((await boardOf(game.id)).items.find((i) => i.id === late.teamId)!.score).toBe(500);

    // Moved to the other team.
    const moved = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/awards/${award.id}`,
      payload: { teamId: early.teamId },
    });
    expect(moved.json()).toMatchObject({ teamId: early.teamId, teamName: early.name });

    const listed = await monitor({ method: 'GET', url: `/api/game/${game.id}/awards` });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as AwardModel[]).map((a) => [a.id, a.teamId, a.value])).toEqual([
      [award.id, early.teamId, -500],
    ]);

    const removed = await admin({
      method: 'DELETE',
      url: `/api/edit/games/${game.id}/awards/${award.id}`,
    });
    expect(removed.statusCode).toBe(200);
    const board = await boardOf(game.id);
    expect(board.items.every((i) => i.awards === undefined)).toBe(true);
    expect((await monitor({ method: 'GET', url: `/api/game/${game.id}/awards` })).json()).toEqual(
      [],
    );
    const again = await admin({
      method: 'DELETE',
      url: `/api/edit/games/${game.id}/awards/${award.id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('defaults the time to now, or to the last moment of a game that has ended', async () => {
    const { db } = server.app;
    const running = await seedGame(db);
    const team = await seedTeam(db, running.id);
    const before = Date.now();
    const now = await given(running.id, { teamId: team.teamId, value: 5, reason: 'Now' });
    expect(now.time).toBeGreaterThanOrEqual(before);
    expect(now.time).toBeLessThanOrEqual(Date.now());

    const ended = await seedGame(db, {
      start: before - 3 * 60 * MINUTE,
      end: before - 60 * MINUTE,
    });
    const other = await seedTeam(db, ended.id);
    const late = await given(ended.id, { teamId: other.teamId, value: 5, reason: 'After' });
    expect(late.time).toBe(ended.end - 1);
    expect((await boardOf(ended.id)).items[0]).toMatchObject({ score: 5 });
  });

  it('refuses with 400 an unknown team, a team of another game, a time outside the game, a blank reason, no points', async () => {
    const { db } = server.app;
    const game = await seedGame(db);
    const other = await seedGame(db);
    const team = await seedTeam(db, game.id);
    const stranger = await seedTeam(db, other.id);
    const cases: Record<string, unknown>[] = [
      { teamId: 2_000_000_000, value: 5, reason: 'x' },
      { teamId: stranger.teamId, value: 5, reason: 'x' },
      { teamId: team.teamId, value: 5, reason: 'x', time: game.start - 1 },
      { teamId: team.teamId, value: 5, reason: 'x', time: game.end },
      { teamId: team.teamId, value: 5, reason: '   ' },
      { teamId: team.teamId, value: 5, reason: '' },
      { teamId: team.teamId, value: 5, reason: 'x'.repeat(257) },
      { teamId: team.teamId, value: 0, reason: 'x' },
      { teamId: team.teamId, value: 1.5, reason: 'x' },
      { teamId: team.teamId, reason: 'x' },
    ];
    for (const payload of cases) {
      const response = await give(game.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, title: expect.any(String) });
    }
    const award = await given(game.id, { teamId: team.teamId, value: 5, reason: 'ok' });
    const moved = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/awards/${award.id}`,
      payload: { teamId: stranger.teamId },
    });
    expect(moved.statusCode).toBe(400);
    const outside = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/awards/${award.id}`,
      payload: { time: game.end + 1 },
    });
    expect(outside.statusCode).toBe(400);
    // An award of one game is not found through another.
    const elsewhere = await admin({
      method: 'PUT',
      url: `/api/edit/games/${other.id}/awards/${award.id}`,
      payload: { value: 1 },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await give(2_000_000_000, { teamId: team.teamId, value: 5, reason: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await monitor({ method: 'GET', url: `/api/game/${game.id}/awards` })).json(),
    ).toHaveLength(1);
  });

  it('lets Admins write and Monitors read; users and visitors neither', async () => {
    const { db } = server.app;
    const game = await seedGame(db);
    const team = await seedTeam(db, game.id);
    const payload = { teamId: team.teamId, value: 5, reason: 'x' };
    expect((await give(game.id, payload, monitor)).statusCode).toBe(403);
    expect((await give(game.id, payload, user)).statusCode).toBe(403);
    expect((await give(game.id, payload, server.anonymous)).statusCode).toBe(401);
    const award = await given(game.id, payload);
    for (const [call, status] of [
      [monitor, 403],
      [user, 403],
    ] as const) {
      const put = await call({
        method: 'PUT',
        url: `/api/edit/games/${game.id}/awards/${award.id}`,
        payload: { value: 1 },
      });
      expect(put.statusCode).toBe(status);
      const del = await call({
        method: 'DELETE',
        url: `/api/edit/games/${game.id}/awards/${award.id}`,
      });
      expect(del.statusCode).toBe(status);
    }
    expect((await user({ method: 'GET', url: `/api/game/${game.id}/awards` })).statusCode).toBe(
      403,
    );
    expect(
      (await server.anonymous({ method: 'GET', url: `/api/game/${game.id}/awards` })).statusCode,
    ).toBe(401);
    expect((await monitor({ method: 'GET', url: `/api/game/${game.id}/awards` })).statusCode).toBe(
      200,
    );
  });

  it('records every write in the admin log', async () => {
    const { db } = server.app;
    const game = await seedGame(db);
    const team = await seedTeam(db, game.id, { name: `Logged ${game.id}` });
    const award = await given(game.id, { teamId: team.teamId, value: 42, reason: 'Logged reason' });
    await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/awards/${award.id}`,
      payload: { value: -7 },
    });
    await admin({ method: 'DELETE', url: `/api/edit/games/${game.id}/awards/${award.id}` });
    await server.app.logStore.flush();
    const messages = (await listLogs(db, { count: 200, skip: 0 }))
      .map((entry) => entry.message)
      .filter((message) => message.includes(`award ${award.id} `));
    expect(messages).toEqual(
      expect.arrayContaining([
        `Gave award ${award.id} (+42) to ${team.name} in game ${game.id}: Logged reason`,
        `Updated award ${award.id} (-7) of ${team.name} in game ${game.id}: Logged reason`,
        `Removed award ${award.id} (-7) of ${team.name} in game ${game.id}`,
      ]),
    );
  });

  it('counts in the CTFtime feed and the xlsx sheet', async () => {
    const { game, early, late } = await twoTeams();
    await given(game.id, {
      teamId: late.teamId,
      value: 300,
      reason: 'Writeup',
      time: game.start + 20 * MINUTE,
    });
    await server.app.scoreboards.settle(game.id);
    const feed = await server.anonymous({
      method: 'GET',
      url: `/api/game/${game.id}/scoreboard/ctftime`,
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.json().standings).toEqual([
      { pos: 1, team: late.name, score: 1300 },
      { pos: 2, team: early.name, score: expect.any(Number) },
    ]);

    const sheet = await monitor({ method: 'GET', url: `/api/game/${game.id}/scoreboardsheet` });
    expect(sheet.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = (name: string) => {
      const found: unknown[][] = [];
      workbook.getWorksheet(name)!.eachRow((row) => found.push((row.values as unknown[]).slice(1)));
      return found;
    };
    const board = rows('Scoreboard');
    expect(board[0].at(-1)).toBe('Awards');
    expect(board[1]).toEqual(expect.arrayContaining([late.name, 1300]));
    expect(board[1].at(-1)).toBe(300);
    expect(board[2].at(-1)).toBe(0);
    expect(rows('Awards')).toEqual([
      ['Rank', 'Team', 'Points', 'Reason', 'Time'],
      [1, late.name, 300, 'Writeup', expect.stringMatching(/Z$/)],
    ]);
  });
});
