// Webhook deliveries end to end against a real receiver (node:http on 127.0.0.1): a correct flag
// brings a solve and a first blood, signed; organisers' notices and new registrations are
// delivered; a 500 is retried until a 200; every attempt failing marks the delivery failed, and a
// redelivery sends it again; disabled and deleted endpoints get nothing; a game's endpoint gets
// only its game, a global one every game but hidden ones; "Send test" goes through the same path.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createChallenge, createGame, createTeamWithMembers } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { startWebhookReceiver, verify, type WebhookReceiver } from '../support/webhookReceiver.js';
import { playingTeam, submitAndWait } from '../routes/game/support.js';
import { addWebhook, deliveriesOf, webhookTestConfig } from './support.js';

describeEachDatabase('webhook deliveries', (getDb) => {
  const server = useTestApp(getDb, { config: () => webhookTestConfig() });
  const admin = server.as('Admin');
  let receiver: WebhookReceiver;
  let paths = 0;
  const newPath = () => `/hook-${++paths}`;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it('delivers a solve and a first blood after a correct flag, signed with the secret', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { category: 'Web' });
    const team = await playingTeam(server.app, game);
    const path = newPath();
    const hook = await addWebhook(admin, {
      url: receiver.url(path),
      format: 'Json',
      gameId: game.id,
      events: ['Solve', 'FirstBlood', 'SecondBlood'],
    });

    expect(await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0])).toBe(
      'Accepted',
    );
    const got = await receiver.waitFor(path, 2);
    const byEvent = new Map(got.map((r) => [r.headers['x-vexil-event'], r]));
    expect([...byEvent.keys()].sort()).toEqual(['FirstBlood', 'Solve']);
    for (const request of got) {
      expect(verify(request, hook.secret)).toBe(true);
      expect(verify(request, 'another secret')).toBe(false);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-vexil-delivery']).toMatch(/^\d+$/);
    }
    const solve = byEvent.get('Solve')!.json;
    expect(solve).toMatchObject({
      event: 'Solve',
      time: expect.any(Number),
      game: { id: game.id, title: game.title },
      team: { name: team.team.name },
      user: { name: team.members[0].user.userName },
      challenge: { id: challenge.id, title: challenge.title, category: 'Web' },
      order: 1,
    });
    expect(byEvent.get('FirstBlood')!.json).toMatchObject({ event: 'FirstBlood', order: 1 });

    await expect
      .poll(async () => (await deliveriesOf(admin, hook.id)).map((d) => d.status))
      .toEqual(['Delivered', 'Delivered']);
    const [latest] = await deliveriesOf(admin, hook.id);
    expect(latest).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });

    // A second team's solve: a solve and the second blood.
    const second = await playingTeam(server.app, game);
    await submitAndWait(second.call, game.id, challenge.id, challenge.flags[0]);
    const after = await receiver.waitFor(path, 4);
    expect(
      after
        .slice(2)
        .map((r) => r.headers['x-vexil-event'])
        .sort(),
    ).toEqual(['SecondBlood', 'Solve']);
  });

  it('delivers organisers’ notices and blood notices as Notice', async () => {
    const game = await createGame(server.app);
    const path = newPath();
    const hook = await addWebhook(admin, {
      url: receiver.url(path),
      format: 'Json',
      gameId: game.id,
      events: ['Notice'],
    });
    const posted = await admin({
      method: 'POST',
      url: `/api/edit/games/${game.id}/notices`,
      payload: { content: 'The web challenges are back' },
    });
    expect(posted.statusCode).toBe(200);
    const [notice] = await receiver.waitFor(path, 1);
    expect(verify(notice, hook.secret)).toBe(true);
    expect(notice.json).toMatchObject({
      event: 'Notice',
      game: { id: game.id },
      notice: { type: 'Normal', values: ['The web challenges are back'] },
    });

    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0]);
    const [, blood] = await receiver.waitFor(path, 2);
    expect(blood.json).toMatchObject({
      event: 'Notice',
      notice: { type: 'FirstBlood', values: [team.team.name, challenge.title] },
    });
  });

  it('delivers a team’s registration when it joins a game', async () => {
    const game = await createGame(server.app);
    const path = newPath();
    await addWebhook(admin, {
      url: receiver.url(path),
      format: 'Json',
      gameId: game.id,
      events: ['TeamRegistered'],
    });
    const { team, members } = await createTeamWithMembers(server.app, { size: 2 });
    for (const member of members) {
      const joined = await member.call({
        method: 'POST',
        url: `/api/game/${game.id}`,
        payload: { teamId: team.id },
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    const [registered] = await receiver.waitFor(path, 1);
    expect(registered.json).toMatchObject({
      event: 'TeamRegistered',
      game: { id: game.id, title: game.title },
      team: { id: team.id, name: team.name },
    });
    // The second member joined the same registration: no second delivery.
    const stored = await server.app.db
      .selectFrom('webhook_deliveries')
      .select('event_key')
      .where('event', '=', 'TeamRegistered')
      .execute();
    expect(stored.filter((row) => row.event_key.startsWith('registration:'))).toHaveLength(
      new Set(stored.map((row) => row.event_key)).size,
    );
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('retries after a 500 until the receiver answers 200', async () => {
    const path = newPath();
    const hook = await addWebhook(admin, {
      url: receiver.url(path),
      format: 'Slack',
      events: ['Solve'],
    });
    receiver.answer(500);
    const queued = await admin({ method: 'POST', url: `/api/admin/webhooks/${hook.id}/test` });
    expect(queued.json()).toMatchObject({ event: 'Test', status: 'Pending', attempts: 0 });
    const [first, second] = await receiver.waitFor(path, 2);
    // The same delivery, signed again with its own timestamp.
    expect(second.headers['x-vexil-delivery']).toBe(first.headers['x-vexil-delivery']);
    expect(second.body).toBe(first.body);
    expect(verify(second, hook.secret)).toBe(true);
    await expect
      .poll(async () => (await deliveriesOf(admin, hook.id))[0])
      .toMatchObject({ status: 'Delivered', attempts: 2, lastStatusCode: 200, lastError: null });
  });

  it('marks a delivery failed after the last attempt, and sends it again on request', async () => {
    const path = newPath();
    const hook = await addWebhook(admin, {
      url: receiver.url(path),
      format: 'Json',
      events: [],
    });
    receiver.answer(503, 500, 502);
    await admin({ method: 'POST', url: `/api/admin/webhooks/${hook.id}/test` });
    await expect
      .poll(async () => (await deliveriesOf(admin, hook.id))[0], { timeout: 15_000 })
      .toMatchObject({
        status: 'Failed',
        attempts: 3,
        lastStatusCode: 502,
        lastError: expect.stringContaining('502'),
        nextAttemptAt: null,
      });
    expect(receiver.at(path)).toHaveLength(3);
    const [failed] = await deliveriesOf(admin, hook.id);
    const again = await admin({
      method: 'POST',
      url: `/api/admin/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`,
    });
    expect(again.json()).toMatchObject({ id: failed.id, status: 'Pending', attempts: 0 });
    await receiver.waitFor(path, 4);
    await expect
      .poll(async () => (await deliveriesOf(admin, hook.id))[0])
      .toMatchObject({ id: failed.id, status: 'Delivered', attempts: 1 });
    const unknown = await admin({
      method: 'POST',
      url: `/api/admin/webhooks/${hook.id}/deliveries/999999/redeliver`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('records a receiver that cannot be reached', async () => {
    const closed = await startWebhookReceiver();
    const url = closed.url('/gone');
    await closed.close();
    const hook = await addWebhook(admin, { url, format: 'Json', events: [] });
    await admin({ method: 'POST', url: `/api/admin/webhooks/${hook.id}/test` });
    await expect
      .poll(async () => (await deliveriesOf(admin, hook.id))[0], { timeout: 15_000 })
      .toMatchObject({ status: 'Failed', lastStatusCode: null, lastError: expect.any(String) });
    const [failed] = await deliveriesOf(admin, hook.id);
    expect(failed.lastError).not.toContain('127.0.0.1');
  });

  it('sends Discord, Slack and plain JSON bodies', async () => {
    const game = await createGame(server.app, { title: 'Finals *2026*' });
    const bodies: Record<string, Record<string, unknown>> = {};
    for (const format of ['Discord', 'Slack', 'Json'] as const) {
      const path = newPath();
      const hook = await addWebhook(admin, {
        url: receiver.url(path),
        format,
        gameId: game.id,
        events: ['FirstBlood'],
      });
      await admin({ method: 'POST', url: `/api/admin/webhooks/${hook.id}/test` });
      bodies[format] = (await receiver.waitFor(path, 1))[0].json;
    }
    expect(bodies.Discord).toMatchObject({
      content: expect.stringContaining('test'),
      embeds: [
        {
          title: 'Test',
          timestamp: expect.any(String),
          fields: [{ name: 'Game', value: 'Finals \\*2026\\*' }],
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(bodies.Slack).toMatchObject({
      text: expect.stringContaining('test'),
      blocks: [
        { type: 'section', text: { type: 'mrkdwn' } },
        {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: expect.stringContaining('Finals') }],
        },
      ],
    });
    expect(bodies.Json).toEqual({
      event: 'Test',
      time: expect.any(Number),
      game: { id: game.id, title: 'Finals *2026*' },
    });

    // The chat formats of a solve: who solved what.
    const challenge = await createChallenge(server.app, game.id, { title: '<b>xss</b>' });
    const team = await playingTeam(server.app, game);
    await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0]);
    const slack = await receiver.waitFor(`/hook-${paths - 1}`, 2);
    const text = (slack[1].json as { text: string }).text;
    expect(text).toContain(team.team.name);
    expect(text).toContain('&lt;b&gt;xss&lt;/b&gt;');
  });

  it('sends a game’s endpoint only its game, a global one every game but the hidden ones', async () => {
    const [one, two] = [await createGame(server.app), await createGame(server.app)];
    const hidden = await createGame(server.app, { hidden: true });
    const [globalPath, onePath, hiddenPath] = [newPath(), newPath(), newPath()];
    await addWebhook(admin, { url: receiver.url(globalPath), format: 'Json', events: ['Notice'] });
    await addWebhook(admin, {
      url: receiver.url(onePath),
      format: 'Json',
      gameId: one.id,
      events: ['Notice'],
    });
    await addWebhook(admin, {
      url: receiver.url(hiddenPath),
      format: 'Json',
      gameId: hidden.id,
      events: ['Notice'],
    });
    for (const game of [one, two, hidden]) {
      const posted = await admin({
        method: 'POST',
        url: `/api/edit/games/${game.id}/notices`,
        payload: { content: `Hello ${game.id}` },
      });
      expect(posted.statusCode).toBe(200);
    }
    const gameIds = (path: string) =>
      receiver.at(path).map((r) => (r.json.game as { id: number }).id);
    await receiver.waitFor(globalPath, 2);
    await receiver.waitFor(onePath, 1);
    await receiver.waitFor(hiddenPath, 1);
    // The hidden game's notice was queued with the others: it would have come by now.
    expect(gameIds(globalPath).sort()).toEqual([one.id, two.id].sort());
    expect(gameIds(onePath)).toEqual([one.id]);
    expect(gameIds(hiddenPath)).toEqual([hidden.id]);
  });

  it('sends nothing to a disabled or deleted endpoint, but a test to a disabled one', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const [disabledPath, deletedPath, livePath] = [newPath(), newPath(), newPath()];
    const disabled = await addWebhook(admin, {
      url: receiver.url(disabledPath),
      format: 'Json',
      gameId: game.id,
      events: ['Solve'],
      enabled: false,
    });
    const deleted = await addWebhook(admin, {
      url: receiver.url(deletedPath),
      format: 'Json',
      gameId: game.id,
      events: ['Solve'],
    });
    await addWebhook(admin, {
      url: receiver.url(livePath),
      format: 'Json',
      gameId: game.id,
      events: ['Solve'],
    });
    // Stop the sender (this test is the suite's last) while the endpoint is deleted, so its pending delivery cannot slip out.
    await server.app.webhooks.sender.stop();
    const team = await playingTeam(server.app, game);
    await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0]);
    const pending = await server.app.db
      .selectFrom('webhook_deliveries')
      .select('webhook_id')
      .where('webhook_id', 'in', [disabled.id, deleted.id])
      .execute();
    // Nothing is queued for a disabled endpoint; the deleted one's pending delivery goes with it.
    expect(pending.map((row) => row.webhook_id)).toEqual([deleted.id]);
    await admin({ method: 'DELETE', url: `/api/admin/webhooks/${deleted.id}` });
    const left = await server.app.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', deleted.id)
      .execute();
    expect(left).toEqual([]);
    await admin({ method: 'POST', url: `/api/admin/webhooks/${disabled.id}/test` });
    // A new sender, as after a restart.
    const { WebhookSender } = await import('#server/services/webhooks/sender.js');
    const sender = new WebhookSender(
      server.app.db,
      'restarted',
      webhookTestConfig().webhooks,
      server.app.log,
    );
    sender.start();
    try {
      await receiver.waitFor(livePath, 1);
      const [test] = await receiver.waitFor(disabledPath, 1);
      expect(test.json).toMatchObject({ event: 'Test' });
      expect(receiver.at(disabledPath)).toHaveLength(1);
      expect(receiver.at(deletedPath)).toHaveLength(0);
    } finally {
      await sender.stop();
    }
  });
});
