import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { insertGameEvent } from '#server/db/repositories/gameEvents.js';
import { createNotice } from '#server/db/repositories/notices.js';
import { type Caller } from '../../support/app.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { expectMatchesSpec } from '../../support/spec.js';
import { HOUR, playingTeam, submitAndWait } from './support.js';

describeEachDatabase('notices, events, submissions and registrations', (getDb) => {
  const server = useTestApp(getDb);
  const monitor = server.as('Monitor');
  const admin = server.as('Admin');
  const user = server.as('User');

  const get = async (call: Caller, operationId: string, url: string, query = {}) => {
    const response = await call({ method: 'GET', url, query });
    expectMatchesSpec(operationId, response);
    return response;
  };

  it('lists notices Normal first, then newest first, with paging', async () => {
    const game = await createGame(server.app);
    const t = Date.now() - 10_000;
    const add = (type: 'Normal' | 'FirstBlood' | 'NewHint', values: string[], time: number) =>
      createNotice(server.app.db, { gameId: game.id, type, values, time });
    const n1 = await add('Normal', ['hello'], t);
    const b1 = await add('FirstBlood', ['T', 'C'], t + 1);
    const n2 = await add('Normal', ['again'], t + 2);
    const h1 = await add('NewHint', ['C'], t + 3);
    const all = await get(user, 'gameGetNotices', `/api/game/${game.id}/notices`);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((n: { id: number }) => n.id)).toEqual([n2.id, n1.id, h1.id, b1.id]);
    expect(all.json()[0]).toEqual({ id: n2.id, time: t + 2, type: 'Normal', values: ['again'] });
    const page = await get(user, 'gameGetNotices', `/api/game/${game.id}/notices`, {
      count: '2',
      skip: '1',
    });
    expect(page.json().map((n: { id: number }) => n.id)).toEqual([n1.id, h1.id]);
    const bad = await get(user, 'gameGetNotices', `/api/game/${game.id}/notices`, { count: '101' });
    expect(bad.statusCode).toBe(400);

    const upcoming = await createGame(server.app, {
      start: Date.now() + HOUR,
      end: Date.now() + 2 * HOUR,
    });
    const early = await get(user, 'gameGetNotices', `/api/game/${upcoming.id}/notices`);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ title: 'The game has not started', status: 400 });
    expect((await get(user, 'gameGetNotices', '/api/game/999999/notices')).statusCode).toBe(404);
  });

  it('pages events newest first and can hide container events', async () => {
    const game = await createGame(server.app);
    const t = Date.now() - 10_000;
    const base = { gameId: game.id, userName: 'u', teamName: 't' };
    await insertGameEvent(server.app.db, {
      ...base,
      type: 'ContainerStart',
      values: ['1', 'C'],
      time: t,
    });
    await insertGameEvent(server.app.db, {
      ...base,
      type: 'FlagSubmit',
      values: ['WrongAnswer', 'x', 'C', '1'],
      time: t + 1,
    });
    await insertGameEvent(server.app.db, {
      ...base,
      type: 'ContainerDestroy',
      values: ['1', 'C'],
      time: t + 2,
    });
    const url = `/api/game/${game.id}/events`;
    const all = await get(monitor, 'gameGetEvents', url);
    expect(all.json().map((e: { type: string }) => e.type)).toEqual([
      'ContainerDestroy',
      'FlagSubmit',
      'ContainerStart',
    ]);
    expect(all.json()[1]).toEqual({
      type: 'FlagSubmit',
      values: ['WrongAnswer', 'x', 'C', '1'],
      time: t + 1,
      user: 'u',
      team: 't',
    });
    const hidden = await get(monitor, 'gameGetEvents', url, { hideContainer: 'true' });
    expect(hidden.json().map((e: { type: string }) => e.type)).toEqual(['FlagSubmit']);
    const page = await get(monitor, 'gameGetEvents', url, { count: '1', skip: '1' });
    expect(page.json().map((e: { type: string }) => e.type)).toEqual(['FlagSubmit']);
    expect((await get(monitor, 'gameGetEvents', url, { count: '0' })).json()).toEqual([]);
    expect((await get(user, 'gameGetEvents', url)).statusCode).toBe(403);
  });

  it('lists submissions by result, pages them and exports them as a sheet', async () => {
    const game = await createGame(server.app, { title: 'Sheet Game' });
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    expect(await submitAndWait(team.call, game.id, challenge.id, 'flag{no}')).toBe('WrongAnswer');
    expect(await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0])).toBe(
      'Accepted',
    );
    expect(await submitAndWait(team.call, game.id, challenge.id, 'flag{no2}')).toBe('WrongAnswer');
    const url = `/api/game/${game.id}/submissions`;
    const wrong = await get(monitor, 'gameGetSubmissions', url, { type: 'WrongAnswer' });
    expect(wrong.json().map((s: { answer: string }) => s.answer)).toEqual([
      'flag{no2}',
      'flag{no}',
    ]);
    const page = await get(monitor, 'gameGetSubmissions', url, { count: '1', skip: '1' });
    expect(page.json().map((s: { status: string }) => s.status)).toEqual(['Accepted']);
    expect((await get(monitor, 'gameGetSubmissions', url, { count: '0' })).json()).toEqual([]);
    expect((await get(monitor, 'gameGetSubmissions', url, { type: 'Bogus' })).statusCode).toBe(400);

    const sheet = await monitor({ method: 'GET', url: `/api/game/${game.id}/submissionsheet` });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sheet.headers['content-disposition']).toMatch(
      /^attachment; filename="Sheet Game_Submissions_\d{14}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.getWorksheet('All Submissions')!.getSheetValues().slice(1);
    expect(rows).toHaveLength(4);
    expect((rows[0] as unknown[]).slice(1)).toEqual([
      'Status',
      'Time',
      'Team',
      'User',
      'Challenge',
      'Submission',
      'Email',
    ]);
    const user0 = team.members[0].user;
    expect((rows[2] as unknown[]).slice(1)).toEqual([
      'ACCEPTED',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/),
      team.team.name,
      user0.userName,
      challenge.title,
      challenge.flags[0],
      user0.email,
    ]);
    const missing = await monitor({ method: 'GET', url: '/api/game/999999/submissionsheet' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses monitor views of missing or not yet started games', async () => {
    const upcoming = await createGame(server.app, {
      start: Date.now() + HOUR,
      end: Date.now() + 2 * HOUR,
    });
    const views: Array<[string, string]> = [
      ['gameGetEvents', 'events'],
      ['gameGetSubmissions', 'submissions'],
      ['gameGetCheatInfo', 'cheatinfo'],
      ['gameGetSubmissionSheet', 'submissionsheet'],
    ];
    for (const [operationId, path] of views) {
      const early = await get(monitor, operationId, `/api/game/${upcoming.id}/${path}`);
      expect(early.statusCode).toBe(400);
      expect(early.json()).toEqual({ title: 'The game has not started', status: 400 });
      const missing = await get(monitor, operationId, `/api/game/999999/${path}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ title: 'The game was not found', status: 404 });
      expect((await get(user, operationId, `/api/game/${upcoming.id}/${path}`)).statusCode).toBe(
        403,
      );
    }
    const running = await createGame(server.app);
    const none = await get(monitor, 'gameGetCheatInfo', `/api/game/${running.id}/cheatinfo`);
    expect(none.json()).toEqual([]);
  });

  it('lists registrations with teams and registered members for admins', async () => {
    const game = await createGame(server.app, { divisions: ['Pro'] });
    const first = await playingTeam(server.app, game, { size: 2, division: 'Pro' });
    const second = await playingTeam(server.app, game, { status: 'Pending' });
    const url = `/api/game/${game.id}/participations`;
    const response = await get(admin, 'gameGetParticipations', url);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((p: { id: number }) => p.id)).toEqual([
      first.registration.id,
      second.registration.id,
    ]);
    expect(body[0]).toMatchObject({
      division: 'Pro',
      status: 'Accepted',
      team: { id: first.team.id, locked: true, captainId: first.members[0].user.id },
    });
    expect([...body[0].registeredMembers].sort()).toEqual(
      first.members.map((m) => m.user.id).sort(),
    );
    expect(body[0].team.members.map((m: { userName: string }) => m.userName).sort()).toEqual(
      first.members.map((m) => m.user.userName).sort(),
    );
    expect(body[1]).toMatchObject({ status: 'Pending', division: null });
    expect((await get(monitor, 'gameGetParticipations', url)).statusCode).toBe(403);
    const missing = await get(admin, 'gameGetParticipations', '/api/game/999999/participations');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ title: 'The game was not found', status: 404 });
  });
});
