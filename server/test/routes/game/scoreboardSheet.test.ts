import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { caller, signIn } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { HOUR, MINUTE, seedChallenge, seedGame, seedTeam, solve } from './scoreboardFixtures.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function readSheet(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Scoreboard')!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows, names: workbook.worksheets.map((w) => w.name) };
}

describeEachDatabase('GET /api/game/{id}/scoreboardsheet', (getDb) => {
  const server = useTestApp(getDb);
  const monitor = server.as('Monitor');

  const url = (id: number) => `/api/game/${id}/scoreboardsheet`;

  it('lists every team in rank order with its members and points (§13.1 scenario 7)', async () => {
    const game = await seedGame(server.app.db, { title: 'Spring CTF' });
    const c1 = await seedChallenge(server.app.db, game.id, {
      title: 'one',
      originalScore: 1000,
      minScoreRate: 0.8,
    });
    const c2 = await seedChallenge(server.app.db, game.id, {
      title: 'two',
      originalScore: 500,
      minScoreRate: 0.8,
    });
    const t1 = await seedTeam(server.app.db, game.id, {
      name: `T1-${game.id}`,
      captain: { realName: 'Ada Lovelace', stdNumber: 'S1', phone: '123' },
      members: [{ realName: '', stdNumber: 'S2', phone: null }],
    });
    const t2 = await seedTeam(server.app.db, game.id, { name: `T2-${game.id}` });
    const t3 = await seedTeam(server.app.db, game.id, { name: `T3-${game.id}` });
    await seedTeam(server.app.db, game.id, { status: 'Pending' });
    const at = (m: number) => game.start + m * MINUTE;
    await solve(server.app.db, { gameId: game.id, challengeId: c1.id, team: t1, time: at(1) });
    await solve(server.app.db, { gameId: game.id, challengeId: c2.id, team: t1, time: at(2) });
    await solve(server.app.db, { gameId: game.id, challengeId: c1.id, team: t2, time: at(3) });

    const response = await monitor({ method: 'GET', url: url(game.id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Spring CTF-Scoreboard-\d{8}-\d\d\.\d\d\.\d\dZ\.xlsx"$/,
    );

    const { sheet, rows, names } = await readSheet(response.rawPayload);
    expect(names).toEqual(['Scoreboard']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(rows[0]).toEqual([
      'Rank',
      'Team',
      'Captain',
      'Crew',
      'Real Name',
      'Email',
      'Student Number',
      'Phone',
      'Solved',
      'Time',
      'Score',
      'one',
      'two',
    ]);
    const [captain, member] = t1.users;
    const iso = new Date(at(2)).toISOString();
    expect(rows[1]).toEqual([
      1,
      t1.name,
      captain.userName,
      `${captain.userName} / ${member.userName}`,
      'Ada Lovelace / <empty>',
      `${captain.email} / ${member.email}`,
      'S1 / S2',
      '123 / <empty>',
      2,
      `${iso.slice(0, 10)} ${iso.slice(11, 19)}Z`,
      1536,
      1011,
      525,
    ]);
    expect(rows[2]).toEqual([
      2,
      t2.name,
      t2.captain.userName,
      t2.captain.userName,
      '<empty>',
      t2.captain.email,
      '<empty>',
      '<empty>',
      1,
      expect.any(String),
      992,
      992,
      0,
    ]);
    expect(rows[3].slice(0, 2)).toEqual([3, t3.name]);
    expect(rows[3].slice(8)).toEqual([0, '0001-01-01 00:00:00Z', 0, 0, 0]);
    expect(rows).toHaveLength(4);
  });

  it('adds the Division column when the game has divisions', async () => {
    const game = await seedGame(server.app.db, { divisions: ['Pro', 'Student'] });
    await seedChallenge(server.app.db, game.id, { title: 'only' });
    const team = await seedTeam(server.app.db, game.id, { division: 'Student' });
    const response = await monitor({ method: 'GET', url: url(game.id) });
    expect(response.statusCode).toBe(200);
    const { rows } = await readSheet(response.rawPayload);
    expect(rows[0].slice(0, 4)).toEqual(['Rank', 'Team', 'Division', 'Captain']);
    expect(rows[1].slice(0, 4)).toEqual([1, team.name, 'Student', team.captain.userName]);
  });

  it('answers a header-only sheet when no team is accepted (Vexil differs)', async () => {
    const game = await seedGame(server.app.db);
    await seedChallenge(server.app.db, game.id, { title: 'lonely' });
    await seedTeam(server.app.db, game.id, { status: 'Rejected' });
    const response = await monitor({ method: 'GET', url: url(game.id) });
    expect(response.statusCode).toBe(200);
    const { rows } = await readSheet(response.rawPayload);
    expect(rows).toHaveLength(1);
    expect(rows[0].at(-1)).toBe('lonely');
  });

  it('answers 401, 403, 404 and 400 before the start', async () => {
    const game = await seedGame(server.app.db);
    const anonymous = await caller(server.app)({ method: 'GET', url: url(game.id) });
    expect(anonymous.statusCode).toBe(401);

    const user = await signIn(server.app, 'User');
    const forbidden = await user({ method: 'GET', url: url(game.id) });
    expect(forbidden.statusCode).toBe(403);

    const missing = await monitor({ method: 'GET', url: url(999_999) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ title: 'The game was not found', status: 404 });

    const future = await seedGame(server.app.db, {
      start: Date.now() + HOUR,
      end: Date.now() + 2 * HOUR,
    });
    const early = await monitor({ method: 'GET', url: url(future.id) });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ title: 'The game has not started', status: 400 });

    const admin = await signIn(server.app, 'Admin');
    expect((await admin({ method: 'GET', url: url(game.id) })).statusCode).toBe(200);
  });
});
