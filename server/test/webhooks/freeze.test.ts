// Webhooks keep the scoreboard freeze, and a blood reaches an endpoint once (issue 23): a solve
// made after a game's freeze (its Solve, its blood and the blood notice) is held, shown in the
// log as waiting for the game's end, while an organiser's notice still goes out; when the game
// ends (or organisers move the freeze past the solve) it is delivered, by another instance too;
// an endpoint for organisers only may choose not to hold; with the default events a blood comes
// once (as its blood event), and as a Notice only to an endpoint that takes notices but not that
// blood.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import { WebhookSender } from '#server/services/webhooks/sender.js';
import { createChallenge, createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver.js';
import { playingTeam, submitAndWait } from '../routes/game/support.js';
import { addWebhook, deliveriesOf, webhookTestConfig } from './support.js';

const MINUTE = 60_000;
const DEFAULT_EVENTS = ['FirstBlood', 'SecondBlood', 'ThirdBlood', 'Notice'] as const;

async function setGameTimes(
  app: FastifyInstance,
  gameId: number,
  times: { end_time?: number; freeze_time?: number | null },
) {
  await app.db.updateTable('games').set(times).where('id', '=', gameId).execute();
}

describeEachDatabase('webhooks and the scoreboard freeze', (getDb) => {
  const server = useTestApp(getDb, { config: () => webhookTestConfig() });
  const admin = server.as('Admin');
  let receiver: WebhookReceiver;
  let paths = 0;
  const newPath = () => `/frozen-${++paths}`;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  const events = (path: string) => receiver.at(path).map((r) => String(r.headers['x-vexil-event']));

  /** Posts an organiser's notice and waits until every endpoint in `paths` received it, then
   *  lets the sender make two whole passes: whatever was due before it has been sent by then. */
  async function noticeThenSettle(game: Game, ...waitPaths: string[]) {
    const before = waitPaths.map((path) => receiver.at(path).length);
    const posted = await admin({
      method: 'POST',
      url: `/api/edit/games/${game.id}/notices`,
      payload: { content: 'Ten minutes left' },
    });
    expect(posted.statusCode).toBe(200);
    for (const [i, path] of waitPaths.entries()) await receiver.waitFor(path, before[i] + 1);
    await server.app.webhooks.sender.runOnce();
    await server.app.webhooks.sender.runOnce();
  }

  it('holds a solve after the freeze until the game ends, then delivers it', async () => {
    const game = await createGame(server.app, { freezeTime: Date.now() - MINUTE });
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const path = newPath();
    const hook = await addWebhook(admin, {
      url: receiver.url(path),
      format: 'Json',
      gameId: game.id,
      events: ['Solve', ...DEFAULT_EVENTS],
    });

    expect(await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0])).toBe(
      'Accepted',
    );
    // The organiser's notice, queued after the solve, goes out; the solve and its blood do not.
    await noticeThenSettle(game, path);
    expect(events(path)).toEqual(['Notice']);
    const held = (await deliveriesOf(admin, hook.id)).filter((d) => d.event !== 'Notice');
    expect(held.map((d) => d.event).sort()).toEqual(['FirstBlood', 'Solve']);
    for (const delivery of held) {
      expect(delivery).toMatchObject({ status: 'Pending', attempts: 0, heldUntil: game.end });
    }

    // Organisers move the end: the hold follows the game as it is now.
    const later = game.end + 30 * MINUTE;
    await setGameTimes(server.app, game.id, { end_time: later });
    expect((await deliveriesOf(admin, hook.id)).find((d) => d.event === 'Solve')?.heldUntil).toBe(
      later,
    );

    // The game ends while this instance's sender is stopped: a restarted instance sends them.
    await server.app.webhooks.sender.stop();
    await setGameTimes(server.app, game.id, { end_time: Date.now() - 1 });
    const restarted = new WebhookSender(
      server.app.db,
      'restarted',
      webhookTestConfig().webhooks,
      server.app.log,
    );
    restarted.start();
    try {
      const got = await receiver.waitFor(path, 3);
      expect(got.map((r) => r.headers['x-vexil-event']).sort()).toEqual([
        'FirstBlood',
        'Notice',
        'Solve',
      ]);
      expect(got.find((r) => r.headers['x-vexil-event'] === 'Solve')!.json).toMatchObject({
        team: { name: team.team.name },
        challenge: { id: challenge.id },
      });
      await expect
        .poll(async () => (await deliveriesOf(admin, hook.id)).map((d) => [d.status, d.heldUntil]))
        .toEqual([
          ['Delivered', null],
          ['Delivered', null],
          ['Delivered', null],
        ]);
    } finally {
      await restarted.stop();
    }
  });
});

describeEachDatabase('webhooks: freeze moved, and one blood per endpoint', (getDb) => {
  const server = useTestApp(getDb, { config: () => webhookTestConfig() });
  const admin = server.as('Admin');
  let receiver: WebhookReceiver;
  let paths = 0;
  const newPath = () => `/blood-${++paths}`;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  const events = (path: string) =>
    receiver
      .at(path)
      .map((r) => String(r.headers['x-vexil-event']))
      .sort();

  it('delivers a held solve once organisers move the freeze past it', async () => {
    const game = await createGame(server.app, { freezeTime: Date.now() - MINUTE });
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const path = newPath();
    const hook = await addWebhook(admin, {
      url: receiver.url(path),
      format: 'Json',
      gameId: game.id,
      events: ['Solve'],
    });
    await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0]);
    await expect
      .poll(async () => (await deliveriesOf(admin, hook.id))[0]?.heldUntil)
      .toBe(game.end);
    await setGameTimes(server.app, game.id, { freeze_time: Date.now() + 10 * MINUTE });
    const [solve] = await receiver.waitFor(path, 1);
    expect(solve.json).toMatchObject({ event: 'Solve', team: { name: team.team.name } });
  });

  it('sends at once to an endpoint that does not hold during the freeze, and what it held once turned off', async () => {
    const game = await createGame(server.app, { freezeTime: Date.now() - MINUTE });
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const [crew, publicPath] = [newPath(), newPath()];
    const crewHook = await addWebhook(admin, {
      url: receiver.url(crew),
      format: 'Json',
      gameId: game.id,
      events: ['Solve'],
      holdDuringFreeze: false,
    });
    expect(crewHook.holdDuringFreeze).toBe(false);
    const publicHook = await addWebhook(admin, {
      url: receiver.url(publicPath),
      format: 'Json',
      gameId: game.id,
      events: ['Solve'],
    });
    expect(publicHook.holdDuringFreeze).toBe(true);
    await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0]);
    // The organisers' own channel hears of it at once; the public one waits for the end.
    const [solve] = await receiver.waitFor(crew, 1);
    expect(solve.json).toMatchObject({ event: 'Solve', team: { name: team.team.name } });
    const [held] = await deliveriesOf(admin, publicHook.id);
    expect(held).toMatchObject({ status: 'Pending', heldUntil: game.end });
    expect(receiver.at(publicPath)).toHaveLength(0);

    // Turning the hold off sends what it held.
    const changed = await admin({
      method: 'PUT',
      url: `/api/admin/webhooks/${publicHook.id}`,
      payload: { holdDuringFreeze: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ holdDuringFreeze: false });
    await receiver.waitFor(publicPath, 1);
  });

  it('sends each endpoint a blood once: as its blood event, else as a Notice', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const [defaults, noticesOnly] = [newPath(), newPath()];
    await addWebhook(admin, {
      url: receiver.url(defaults),
      format: 'Discord',
      gameId: game.id,
      events: [...DEFAULT_EVENTS],
    });
    await addWebhook(admin, {
      url: receiver.url(noticesOnly),
      format: 'Json',
      gameId: game.id,
      events: ['Notice'],
    });
    await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0]);
    const posted = await admin({
      method: 'POST',
      url: `/api/edit/games/${game.id}/notices`,
      payload: { content: 'Well done' },
    });
    expect(posted.statusCode).toBe(200);
    await receiver.waitFor(defaults, 2);
    await receiver.waitFor(noticesOnly, 2);
    // Two whole passes after both arrived: anything else queued would have been sent by now.
    await server.app.webhooks.sender.runOnce();
    await server.app.webhooks.sender.runOnce();
    expect(events(defaults)).toEqual(['FirstBlood', 'Notice']);
    const defaultNotice = receiver
      .at(defaults)
      .find((r) => r.headers['x-vexil-event'] === 'Notice')!;
    expect(defaultNotice.body).toContain('Well done');
    expect(events(noticesOnly)).toEqual(['Notice', 'Notice']);
    const types = receiver
      .at(noticesOnly)
      .map((r) => (r.json.notice as { type: string }).type)
      .sort();
    expect(types).toEqual(['FirstBlood', 'Normal']);
  });
});
