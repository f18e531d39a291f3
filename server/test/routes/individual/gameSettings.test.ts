// Individual play (issue 25): a game's play mode is stored and answered (console, public list,
// game page), kept when a save does not send it (the reference client's), and cannot change once
// anyone has registered — whatever the registration's status, and however a join and the change
// race.
import { expect, it } from 'vitest';
import { findGame } from '#server/db/repositories/games.js';
import { findParticipationOfUser } from '#server/db/repositories/participations.js';
import { createMember, createTeamWithMembers, joinAndAccept } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

const HOUR = 3_600_000;
type Json = Record<string, unknown>;

describeEachDatabase('individual play: the game setting', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const newGame = async (body: Json = {}) => {
    const created = await admin({
      method: 'POST',
      url: '/api/edit/games',
      payload: { title: 'Solo cup', start: Date.now() - HOUR, end: Date.now() + HOUR, ...body },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json() as Json & { id: number };
  };
  const save = (id: number, body: Json) =>
    admin({ method: 'PUT', url: `/api/edit/games/${id}`, payload: body });

  it('is Teams by default, stored and answered everywhere', async () => {
    expect(await newGame()).toMatchObject({ playMode: 'Teams' });
    const game = await newGame({ playMode: 'Individual', acceptWithoutReview: true });
    expect(game).toMatchObject({ playMode: 'Individual' });
    expect(
      (await admin({ method: 'GET', url: `/api/edit/games/${game.id}` })).json(),
    ).toMatchObject({ playMode: 'Individual' });
    const list = await server.anonymous({ method: 'GET', url: '/api/game?count=50' });
    const listed = (list.json().data as Json[]).find((g) => g.id === game.id);
    expect(listed).toMatchObject({ playMode: 'Individual' });
    const page = await server.anonymous({ method: 'GET', url: `/api/game/${game.id}` });
    expect(page.json()).toMatchObject({ playMode: 'Individual', teamName: null });
  });

  it('keeps the mode when a save does not send it (the reference client)', async () => {
    const game = await newGame({ playMode: 'Individual' });
    const { playMode: _, ...reference } = game;
    const saved = await save(game.id, { ...reference, summary: 'edited by the reference client' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      summary: 'edited by the reference client',
      playMode: 'Individual',
    });
  });

  it('changes freely before anyone registers, and never after (any status)', async () => {
    const game = await newGame({ playMode: 'Individual' });
    const back = await save(game.id, { ...game, playMode: 'Teams' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ playMode: 'Teams' });

    // A pending registration is enough.
    const team = await createTeamWithMembers(server.app);
    const stored = (await admin({ method: 'GET', url: `/api/edit/games/${game.id}` })).json();
    const row = await findGame(server.app.db, game.id);
    await joinAndAccept(server.app, row!, team, { status: 'Pending' });
    const refused = await save(game.id, { ...stored, playMode: 'Individual', summary: 'changed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      title: 'The play mode cannot change once anyone has registered',
      status: 400,
    });
    // Nothing of the refused save was stored; the same mode (or none) still saves.
    const after = (await admin({ method: 'GET', url: `/api/edit/games/${game.id}` })).json();
    expect(after).toMatchObject({ playMode: 'Teams', summary: stored.summary });
    expect((await save(game.id, { ...after, playMode: 'Teams', summary: 'x' })).statusCode).toBe(
      200,
    );
  });

  it('a join racing a mode change either registers in the old mode and blocks it, or waits for the new mode', async () => {
    for (let round = 0; round < 4; round++) {
      const game = await newGame({ playMode: 'Individual', acceptWithoutReview: true });
      const player = await createMember(server.app);
      const [joined, changed] = await Promise.all([
        player.call({ method: 'POST', url: `/api/game/${game.id}`, payload: {} }),
        save(game.id, { ...game, playMode: 'Teams' }),
      ]);
      const registered = await findParticipationOfUser(server.app.db, game.id, player.user.id);
      if (changed.statusCode === 200) {
        // The change came first: the join, without a team, was refused in a Teams game.
        expect(joined.statusCode).toBe(400);
        expect(joined.json().title).toBe('A team is required to join this game');
        expect(registered).toBeNull();
      } else {
        expect(changed.json().title).toBe('The play mode cannot change once anyone has registered');
        expect(joined.statusCode).toBe(200);
        expect(registered).not.toBeNull();
      }
    }
  });

  it('refuses an unknown mode', async () => {
    const game = await newGame();
    const response = await save(game.id, { ...game, playMode: 'Solo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
  });
});
