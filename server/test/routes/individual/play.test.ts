// Individual play (issue 25), end to end through the API: two players join an individual game
// without a team, each gets their own dynamic flag, one submitting the other's is caught by cheat
// detection as between teams, and the board, the CTFtime feed, the monitor and the sheets show
// the players by name.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { findParticipationOfUser } from '#server/db/repositories/participations.js';
import { findPersonalEntry } from '#server/db/repositories/personalEntries.js';
import type { Caller } from '../../support/app.js';
import { createChallenge, createGame, createMember } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { submitAndWait } from '../game/support.js';

async function sheetRows(payload: Buffer, name: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describeEachDatabase('individual play: playing', (getDb) => {
  const server = useTestApp(getDb);
  const monitor = server.as('Monitor');

  it('gives each player their own dynamic flag, catches sharing, and shows players', async () => {
    const game = await createGame(server.app, { playMode: 'Individual' });
    const dynamic = await createChallenge(server.app, game.id, {
      type: 'DynamicContainer',
      flagTemplate: 'flag{solo_[TEAM_HASH]}',
    });
    const a = await createMember(server.app);
    const b = await createMember(server.app);
    for (const player of [a, b]) {
      const joined = await player.call({
        method: 'POST',
        url: `/api/game/${game.id}`,
        payload: {},
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    const entryA = (await findPersonalEntry(server.app.db, a.user.id))!;
    const entryB = (await findPersonalEntry(server.app.db, b.user.id))!;
    const partA = (await findParticipationOfUser(server.app.db, game.id, a.user.id))!;
    const partB = (await findParticipationOfUser(server.app.db, game.id, b.user.id))!;

    const view = (call: Caller) =>
      call({ method: 'GET', url: `/api/game/${game.id}/challenges/${dynamic.id}` });
    const flagOf = async (participationId: number) =>
      (
        await server.app.db
          .selectFrom('game_instances')
          .select('flag')
          .where('participation_id', '=', participationId)
          .where('challenge_id', '=', dynamic.id)
          .executeTakeFirstOrThrow()
      ).flag!;
    expect((await view(a.call)).statusCode).toBe(200);
    expect((await view(b.call)).statusCode).toBe(200);
    const [flagA, flagB] = [await flagOf(partA.id), await flagOf(partB.id)];
    expect(flagA).toMatch(/^flag\{solo_[0-9a-f]+\}$/);
    expect(flagA).not.toBe(flagB);

    expect(await submitAndWait(a.call, game.id, dynamic.id, flagA)).toBe('Accepted');
    // B submits A's flag: told WrongAnswer, monitors see cheating between the two players.
    expect(await submitAndWait(b.call, game.id, dynamic.id, flagA)).toBe('WrongAnswer');
    const cheats = await monitor({ method: 'GET', url: `/api/game/${game.id}/cheatinfo` });
    expect(cheats.json()).toEqual([
      {
        ownedTeam: expect.objectContaining({
          id: partA.id,
          team: { id: entryA.id, name: a.user.userName, avatar: null },
        }),
        submitTeam: expect.objectContaining({
          id: partB.id,
          team: { id: entryB.id, name: b.user.userName, avatar: null },
        }),
        submission: expect.objectContaining({ answer: flagA, status: 'CheatDetected' }),
      },
    ]);
    expect(await submitAndWait(b.call, game.id, dynamic.id, flagB)).toBe('Accepted');
    const submissions = await monitor({ method: 'GET', url: `/api/game/${game.id}/submissions` });
    expect(submissions.json()[0]).toMatchObject({
      user: b.user.userName,
      team: b.user.userName,
      status: 'Accepted',
    });

    // The board and the CTFtime feed name the players, first solver first.
    await server.app.scoreboards.settle(game.id);
    const board = await server.anonymous({ method: 'GET', url: `/api/game/${game.id}/scoreboard` });
    expect(board.json().items.map((i: { id: number; name: string }) => [i.id, i.name])).toEqual([
      [entryA.id, a.user.userName],
      [entryB.id, b.user.userName],
    ]);
    const feed = await server.anonymous({
      method: 'GET',
      url: `/api/game/${game.id}/scoreboard/ctftime`,
    });
    expect(
      feed.json().standings.map((s: { pos: number; team: string }) => [s.pos, s.team]),
    ).toEqual([
      [1, a.user.userName],
      [2, b.user.userName],
    ]);

    // The scoreboard sheet says Player, without the captain and crew (the player again).
    const sheet = await monitor({ method: 'GET', url: `/api/game/${game.id}/scoreboardsheet` });
    expect(sheet.statusCode).toBe(200);
    const rows = await sheetRows(sheet.rawPayload, 'Scoreboard');
    expect(rows[0].slice(0, 3)).toEqual(['Rank', 'Player', 'Real Name']);
    expect(rows[0]).not.toContain('Captain');
    expect(rows[0]).not.toContain('Team');
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      [1, a.user.userName],
      [2, b.user.userName],
    ]);
    const log = await monitor({ method: 'GET', url: `/api/game/${game.id}/submissionsheet` });
    const logRows = await sheetRows(log.rawPayload, 'All Submissions');
    expect(logRows[0]).toEqual([
      'Status',
      'Time',
      'Player',
      'User',
      'Challenge',
      'Submission',
      'Email',
    ]);
    expect(logRows.slice(1).map((row) => row[2])).toContain(a.user.userName);
  });

  it('keeps the team headers of a Teams game', async () => {
    const game = await createGame(server.app);
    await createChallenge(server.app, game.id);
    const sheet = await monitor({ method: 'GET', url: `/api/game/${game.id}/scoreboardsheet` });
    const rows = await sheetRows(sheet.rawPayload, 'Scoreboard');
    expect(rows[0].slice(0, 4)).toEqual(['Rank', 'Team', 'Captain', 'Crew']);
  });
});
