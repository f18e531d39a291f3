import { expect, it } from 'vitest';
import { createNotice } from '#server/db/repositories/notices.js';
import { groups, type HubMessage } from '#server/services/realtime.js';
import { createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('/api/edit/games/{id}/notices', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const url = (gameId: number, noticeId?: number) =>
    `/api/edit/games/${gameId}/notices${noticeId === undefined ? '' : `/${noticeId}`}`;

  it('publishes a normal notice to the game’s players and lists normal notices only', async () => {
    const game = await createGame(server.app);
    const messages: HubMessage[] = [];
    const stop = server.app.realtime.subscribe(groups.players(game.id), (m) => messages.push(m));
    const response = await admin({ method: 'POST', url: url(game.id), payload: { content: 'Hi' } });
    stop();
    const notice = response.json();
    expect(notice).toMatchObject({ type: 'Normal', values: ['Hi'] });
    expect(Math.abs(notice.time - Date.now())).toBeLessThan(60_000);
    expect(messages).toEqual([{ target: 'ReceivedGameNotice', payload: notice }]);

    await createNotice(server.app.db, { gameId: game.id, type: 'FirstBlood', values: ['t', 'c'] });
    const list = await admin({ method: 'GET', url: url(game.id) });
    expect(list.json()).toEqual([notice]);
  });

  it('refuses blank content and unknown games', async () => {
    const game = await createGame(server.app);
    const blank = await admin({ method: 'POST', url: url(game.id), payload: { content: '  ' } });
    expect(blank.statusCode).toBe(400);
    const missing = await admin({ method: 'POST', url: url(999999), payload: { content: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: url(999999) })).statusCode).toBe(404);
  });

  it('edits a normal notice with a new time, never a system one or another game’s', async () => {
    const game = await createGame(server.app);
    const other = await createGame(server.app);
    const notice = await createNotice(server.app.db, {
      gameId: game.id,
      type: 'Normal',
      values: ['old'],
      time: 1000,
    });
    const edited = await admin({
      method: 'PUT',
      url: url(game.id, notice.id),
      payload: { content: 'new' },
    });
    expect(edited.json()).toMatchObject({ id: notice.id, type: 'Normal', values: ['new'] });
    expect(edited.json().time).toBeGreaterThan(1000);

    const blood = await createNotice(server.app.db, {
      gameId: game.id,
      type: 'FirstBlood',
      values: ['a'],
    });
    const system = await admin({
      method: 'PUT',
      url: url(game.id, blood.id),
      payload: { content: 'x' },
    });
    expect(system.statusCode).toBe(400);
    expect(system.json().title).toBe('System notifications cannot be modified');
    const foreign = await admin({
      method: 'PUT',
      url: url(other.id, notice.id),
      payload: { content: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('deletes a normal notice only', async () => {
    const game = await createGame(server.app);
    const notice = await createNotice(server.app.db, {
      gameId: game.id,
      type: 'Normal',
      values: ['x'],
    });
    const hint = await createNotice(server.app.db, {
      gameId: game.id,
      type: 'NewHint',
      values: ['c'],
    });
    const deleted = await admin({ method: 'DELETE', url: url(game.id, notice.id) });
    expect(deleted.statusCode).toBe(200);
    const again = await admin({ method: 'DELETE', url: url(game.id, notice.id) });
    expect(again.statusCode).toBe(404);
    const system = await admin({ method: 'DELETE', url: url(game.id, hint.id) });
    expect(system.statusCode).toBe(400);
    expect(system.json().title).toBe('System notifications could not be deleted');
  });
});
