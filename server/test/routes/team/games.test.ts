import { expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import {
  HOUR,
  MINUTE,
  seedChallenge,
  seedGame,
  seedRegistration,
  seedTeam,
  solve,
} from '../game/scoreboardFixtures.js';

describeEachDatabase('GET /api/team/{id}/games', (getDb) => {
  const server = useTestApp(getDb);
  const get = async (id: number) => {
    const response = await caller(server.app)({ method: 'GET', url: `/api/team/${id}/games` });
    return response;
  };

  it("lists the team's public started games, newest first, with its board row and solves", async () => {
    const { db } = server.app;
    const old = await seedGame(db, { title: 'Old Cup', start: Date.now() - 3 * HOUR });
    const web = await seedChallenge(db, old.id, { title: 'web 1', category: 'Web' });
    await seedChallenge(db, old.id, { title: 'unsolved', category: 'Pwn' });
    const team = await seedTeam(db, old.id, { name: 'Crabs' });
    await seedTeam(db, old.id, { name: 'Owls' });
    await solve(db, { gameId: old.id, challengeId: web.id, team, time: old.start + MINUTE });

    const current = await seedGame(db, { title: 'New Cup' });
    const crypto = await seedChallenge(db, current.id, { title: 'rsa', category: 'Crypto' });
    const again = await seedRegistration(db, current.id, team);
    await solve(db, {
      gameId: current.id,
      challengeId: crypto.id,
      team: again,
      time: current.start + MINUTE,
    });

    // Not listed: a hidden game, one not started, one where the team is still pending.
    const hidden = await seedGame(db, { hidden: true });
    await seedRegistration(db, hidden.id, team);
    const later = await seedGame(db, { start: Date.now() + HOUR, end: Date.now() + 2 * HOUR });
    await seedRegistration(db, later.id, team);
    const pending = await seedGame(db);
    await seedRegistration(db, pending.id, team, 'Pending');

    const response = await get(team.teamId);
    expect(response.statusCode).toBe(200);
    const records = response.json();
    expect(records.map((r: { game: { title: string } }) => r.game.title)).toEqual([
      'New Cup',
      'Old Cup',
    ]);
    expect(records[1].item).toMatchObject({ id: team.teamId, name: 'Crabs', rank: 1 });
    expect(records[1].item.solvedChallenges.map((s: { id: number }) => s.id)).toEqual([web.id]);
    expect(records[1].challenges).toEqual([
      expect.objectContaining({ id: web.id, title: 'web 1', category: 'Web' }),
    ]);
    expect(records[0].challenges.map((c: { title: string }) => c.title)).toEqual(['rsa']);
  });

  it('shows the board as frozen: a solve after the freeze is not on the public page', async () => {
    const { db } = server.app;
    const game = await seedGame(db);
    const before = await seedChallenge(db, game.id, { title: 'before' });
    const after = await seedChallenge(db, game.id, { title: 'after' });
    const team = await seedTeam(db, game.id);
    const freezeTime = Date.now() - 30 * MINUTE;
    await solve(db, { gameId: game.id, challengeId: before.id, team, time: freezeTime - MINUTE });
    await solve(db, { gameId: game.id, challengeId: after.id, team, time: freezeTime + MINUTE });
    await db
      .updateTable('games')
      .set({ freeze_time: freezeTime })
      .where('id', '=', game.id)
      .execute();
    server.app.scoreboards.invalidate(game.id);

    await expect
      .poll(async () => {
        const [record] = (await get(team.teamId)).json();
        return record?.challenges.map((c: { title: string }) => c.title);
      })
      .toEqual(['before']);
  });

  it("shows a player their own team's later solves during a freeze, as the board does", async () => {
    const { db } = server.app;
    const game = await seedGame(db);
    const before = await seedChallenge(db, game.id, { title: 'before' });
    const after = await seedChallenge(db, game.id, { title: 'after' });
    const team = await seedTeam(db, game.id);
    const freezeTime = Date.now() - 30 * MINUTE;
    await solve(db, { gameId: game.id, challengeId: before.id, team, time: freezeTime - MINUTE });
    await solve(db, { gameId: game.id, challengeId: after.id, team, time: freezeTime + MINUTE });
    await db
      .updateTable('games')
      .set({ freeze_time: freezeTime })
      .where('id', '=', game.id)
      .execute();
    server.app.scoreboards.invalidate(game.id);
    await server.app.scoreboards.settle(game.id);

    const { token } = await createSession(db, team.captain.id, {
      ip: '127.0.0.1',
      now: Date.now(),
    });
    const member = caller(server.app, token);
    const url = `/api/team/${team.teamId}/games`;
    const asMember = async () => {
      const response = await member({ method: 'GET', url });
      return response.json()[0];
    };
    await expect.poll(async () => (await asMember())?.challenges.length).toBe(2);
    const own = await asMember();
    expect(own.frozenAt).toBe(freezeTime);
    const board = (await member({ method: 'GET', url: `/api/game/${game.id}/scoreboard` })).json();
    const boardRow = board.items.find((item: { id: number }) => item.id === team.teamId);
    expect(own.item.score).toBe(boardRow.score);
    expect(own.item.solvedCount).toBe(2);

    // Anyone else gets the frozen row, marked as such.
    const [outsider] = (await get(team.teamId)).json();
    expect(outsider.frozenAt).toBe(freezeTime);
    expect(outsider.item.solvedCount).toBe(1);
  });

  it('answers an empty list for a team without public games, 404 for no team', async () => {
    const game = await seedGame(server.app.db, { hidden: true });
    const team = await seedTeam(server.app.db, game.id);
    expect((await get(team.teamId)).json()).toEqual([]);
    const missing = await get(999999);
    expect(missing.statusCode).toBe(404);
  });
});
