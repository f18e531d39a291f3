// /api/admin/webhooks: administrators add, list, read, change, delete endpoints and rotate their
// secrets; other roles are refused; bad input is a 400 {title, status}, never a 5xx.
import { expect, it } from 'vitest';
import { createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { addWebhook, webhookTestConfig, type WebhookModel } from './support.js';

describeEachDatabase('/api/admin/webhooks', (getDb) => {
  const server = useTestApp(getDb, { config: () => webhookTestConfig() });
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');
  const user = server.as('User');

  it('adds a global and a per-game endpoint, lists, reads, changes and deletes them', async () => {
    const game = await createGame(server.app);
    const global = await addWebhook(admin, {
      url: 'https://chat.example.org/hooks/abc',
      format: 'Discord',
      events: ['FirstBlood', 'Solve', 'FirstBlood'],
    });
    expect(global).toMatchObject({
      name: 'chat.example.org',
      gameId: null,
      gameTitle: null,
      events: ['FirstBlood', 'Solve'],
      enabled: true,
      lastDelivery: null,
    });
    expect(global.secret).toMatch(/^[0-9a-f]{64}$/);
    const perGame = await addWebhook(admin, {
      name: 'Announcements',
      url: 'http://127.0.0.1:9/x',
      format: 'Json',
      gameId: game.id,
      events: ['GameStart', 'GameEnd'],
      enabled: false,
    });
    expect(perGame).toMatchObject({ gameId: game.id, gameTitle: game.title, enabled: false });

    const all = await admin({ method: 'GET', url: '/api/admin/webhooks' });
    const ids = (all.json() as { data: WebhookModel[] }).data.map((hook) => hook.id);
    expect(ids).toEqual(expect.arrayContaining([global.id, perGame.id]));
    const ofGame = await admin({ method: 'GET', url: `/api/admin/webhooks?gameId=${game.id}` });
    expect((ofGame.json() as { data: WebhookModel[] }).data.map((hook) => hook.id)).toEqual([
      perGame.id,
    ]);

    const read = await admin({ method: 'GET', url: `/api/admin/webhooks/${perGame.id}` });
    expect(read.json()).toEqual(perGame);

    const changed = await admin({
      method: 'PUT',
      url: `/api/admin/webhooks/${perGame.id}`,
      payload: { gameId: null, format: 'Slack', enabled: true, events: ['Notice'] },
    });
    expect(changed.json()).toMatchObject({
      name: 'Announcements',
      gameId: null,
      format: 'Slack',
      enabled: true,
      events: ['Notice'],
      secret: perGame.secret,
    });

    const rotated = await admin({
      method: 'POST',
      url: `/api/admin/webhooks/${perGame.id}/secret`,
    });
    expect((rotated.json() as WebhookModel).secret).not.toBe(perGame.secret);

    const deleted = await admin({ method: 'DELETE', url: `/api/admin/webhooks/${perGame.id}` });
    expect(deleted.statusCode).toBe(200);
    const gone = await admin({ method: 'GET', url: `/api/admin/webhooks/${perGame.id}` });
    expect(gone.statusCode).toBe(404);
    const again = await admin({ method: 'DELETE', url: `/api/admin/webhooks/${perGame.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses players and monitors', async () => {
    const hook = await addWebhook(admin, {
      url: 'https://example.org/h',
      format: 'Json',
      events: ['Solve'],
    });
    for (const call of [user, monitor]) {
      const list = await call({ method: 'GET', url: '/api/admin/webhooks' });
      expect(list.statusCode).toBe(403);
      const add = await call({
        method: 'POST',
        url: '/api/admin/webhooks',
        payload: { url: 'https://example.org/h', format: 'Json', events: [] },
      });
      expect(add.statusCode).toBe(403);
      const test = await call({ method: 'POST', url: `/api/admin/webhooks/${hook.id}/test` });
      expect(test.statusCode).toBe(403);
      const log = await call({ method: 'GET', url: `/api/admin/webhooks/${hook.id}/deliveries` });
      expect(log.statusCode).toBe(403);
    }
    const anonymous = await server.anonymous({ method: 'GET', url: '/api/admin/webhooks' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 {title, status} for a bad URL, an unknown event, format or game', async () => {
    const hook = await addWebhook(admin, {
      url: 'https://example.org/h',
      format: 'Json',
      events: ['Solve'],
    });
    const bodies = [
      { url: 'not a url', format: 'Json', events: ['Solve'] },
      { url: 'ftp://example.org/h', format: 'Json', events: ['Solve'] },
      { url: 'javascript:alert(1)', format: 'Json', events: ['Solve'] },
      { url: 'https://example.org/h', format: 'Json', events: ['Pwned'] },
      { url: 'https://example.org/h', format: 'Teams', events: ['Solve'] },
      { url: 'https://example.org/h', format: 'Json', events: ['Solve'], gameId: 999999 },
      { format: 'Json', events: ['Solve'] },
    ];
    for (const payload of bodies) {
      const response = await admin({ method: 'POST', url: '/api/admin/webhooks', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ title: expect.any(String), status: 400 });
    }
    for (const payload of [
      { url: 'mailto:x@example.org' },
      { gameId: 999999 },
      { events: ['X'] },
    ]) {
      const response = await admin({
        method: 'PUT',
        url: `/api/admin/webhooks/${hook.id}`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await admin({ method: 'PUT', url: '/api/admin/webhooks/999999', payload: {} });
    expect(missing.statusCode).toBe(404);
  });
});
