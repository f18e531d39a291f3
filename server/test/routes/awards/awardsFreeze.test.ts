// Awards and the scoreboard freeze (issue 25): an award dated at or after the freeze is hidden
// from the public board (and its webhook held) until the game ends, like a solve; monitors see it
// at once, and so does the team in its own view.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { components } from '#wire/schema.gen.js';
import { createSession } from '#server/db/repositories/sessions.js';
import { caller, type Caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhookReceiver.js';
import { addWebhook, deliveriesOf, webhookTestConfig } from '../../webhooks/support.js';
import { MINUTE, seedGame, seedTeam } from '../game/scoreboardFixtures.js';

type Board = components['schemas']['ScoreboardModel'];

async function signedInAs(app: FastifyInstance, userId: string): Promise<Caller> {
  const { token } = await createSession(app.db, userId, { ip: '127.0.0.1', now: Date.now() });
  return caller(app, token);
}

describeEachDatabase('awards and the scoreboard freeze', (getDb) => {
  const server = useTestApp(getDb, { config: () => webhookTestConfig() });
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  async function boardOf(gameId: number, call: Caller): Promise<Board> {
    await server.app.scoreboards.settle(gameId);
    const response = await call({ method: 'GET', url: `/api/game/${gameId}/scoreboard` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Board;
  }

  async function setGame(gameId: number, times: { end_time?: number; freeze_time?: number }) {
    await server.app.db.updateTable('games').set(times).where('id', '=', gameId).execute();
    server.app.scoreboards.invalidate(gameId);
    await server.app.scoreboards.settle(gameId);
  }

  it('hides an award after the freeze from the public board until the end; monitors and the team see it', async () => {
    const { db } = server.app;
    const game = await seedGame(db);
    const freezeTime = Date.now() - 30 * MINUTE;
    await setGame(game.id, { freeze_time: freezeTime });
    const early = await seedTeam(db, game.id, { name: `Early ${game.id}` });
    const late = await seedTeam(db, game.id, { name: `Late ${game.id}` });
    const path = `/awards-${game.id}`;
    const hook = await addWebhook(admin, {
      url: receiver.url(path),
      format: 'Json',
      gameId: game.id,
      events: ['Award'],
    });

    const give = async (teamId: number, value: number, time: number) => {
      const response = await admin({
        method: 'POST',
        url: `/api/edit/games/${game.id}/awards`,
        payload: { teamId, value, reason: `Reason ${value}`, time },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { id: number };
    };
    const before = await give(early.teamId, 100, freezeTime - MINUTE);
    const after = await give(late.teamId, 500, freezeTime + MINUTE);

    // The award before the freeze goes out; the one after is held until the end.
    const [sent] = await receiver.waitFor(path, 1);
    expect(sent.headers['x-vexil-event']).toBe('Award');
    expect(sent.json).toMatchObject({
      event: 'Award',
      time: freezeTime - MINUTE,
      game: { id: game.id },
      team: { id: early.teamId, name: early.name },
      award: { id: before.id, value: 100, reason: 'Reason 100' },
    });
    await server.app.webhooks.sender.runOnce();
    const held = (await deliveriesOf(admin, hook.id)).find((d) => d.status === 'Pending');
    expect(held).toMatchObject({ event: 'Award', heldUntil: game.end, attempts: 0 });
    expect(receiver.at(path)).toHaveLength(1);

    // Visitors see the frozen board: the late award is not there.
    const publicBoard = await boardOf(game.id, server.anonymous);
    expect(publicBoard.frozenAt).toBe(freezeTime);
    expect(publicBoard.items.map((i) => [i.id, i.score])).toEqual([
      [early.teamId, 100],
      [late.teamId, 0],
    ]);
    expect(publicBoard.items[1].awards).toBeUndefined();
    expect(publicBoard.timeLines.all.find((l) => l.id === late.teamId)?.items ?? []).toEqual([]);
    const feed = await server.anonymous({
      method: 'GET',
      url: `/api/game/${game.id}/scoreboard/ctftime`,
    });
    expect(feed.json().standings).toEqual([
      { pos: 1, team: early.name, score: 100 },
      { pos: 2, team: late.name, score: 0 },
    ]);

    // Monitors see the live board.
    const live = await boardOf(game.id, monitor);
    expect(live.frozenAt).toBeUndefined();
    expect(live.items.map((i) => [i.id, i.score])).toEqual([
      [late.teamId, 500],
      [early.teamId, 100],
    ]);

    // The team sees its own award, ranked among the frozen rows; the other team does not.
    const ownView = await boardOf(game.id, await signedInAs(server.app, late.captain.id));
    expect(ownView.frozenAt).toBe(freezeTime);
    expect(ownView.items[0]).toMatchObject({
      id: late.teamId,
      score: 500,
      rank: 1,
      awards: [{ id: after.id, value: 500, time: freezeTime + MINUTE }],
    });
    const otherView = await boardOf(game.id, await signedInAs(server.app, early.captain.id));
    expect(otherView.items.find((i) => i.id === late.teamId)!.score).toBe(0);

    // The game ends: everyone sees it, and the held webhook goes out.
    await setGame(game.id, { end_time: Date.now() - 1 });
    const ended = await boardOf(game.id, server.anonymous);
    expect(ended.frozenAt).toBeUndefined();
    expect(ended.items[0]).toMatchObject({ id: late.teamId, score: 500 });
    const [, released] = await receiver.waitFor(path, 2);
    expect(released.json).toMatchObject({ event: 'Award', award: { id: after.id, value: 500 } });
  });
});
