import { expect, it } from 'vitest';
import { listTeamsOfUser } from '#server/db/repositories/teams.js';
import {
  countUsers,
  createUser,
  findUserByUserNameOrEmail,
} from '#server/db/repositories/users.js';
import { verifyPassword } from '#server/domain/passwords.js';
import { buildNewUser } from '../../support/builders.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { uniqueText } from './accounts.js';

const entry = (name: string, extra: Record<string, unknown> = {}) => ({
  userName: name,
  password: 'Secret12',
  email: `${name}@batch.example`,
  ...extra,
});

describeEachDatabase('POST /api/admin/users', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const addUsers = async (entries: object[]) => {
    const response = await admin({ method: 'POST', url: '/api/admin/users', payload: entries });
    return response;
  };
  const find = (name: string) => findUserByUserNameOrEmail(server.app.db, name);

  it('creates confirmed users with their details and puts named teams together', async () => {
    const t = uniqueText('b');
    const before = Date.now();
    const response = await addUsers([
      entry(`${t}a`, { realName: 'Ann', stdNumber: '42', phone: '+1 555 0100', teamName: `T${t}` }),
      entry(`${t}b`, { teamName: `T${t}` }),
      entry(`${t}c`, { teamName: null }),
      entry(`${t}d`, { teamName: `U${t}` }),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');

    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map((s) => find(`${t}${s}`)));
    expect(a).toMatchObject({
      role: 'User',
      emailConfirmed: true,
      email: `${t}a@batch.example`,
      realName: 'Ann',
      stdNumber: '42',
      phone: '+1 555 0100',
    });
    expect(a!.registerTime).toBeGreaterThanOrEqual(before);
    expect(c).toMatchObject({ realName: '', stdNumber: '', phone: null });
    expect(await verifyPassword('Secret12', b!.passwordHash)).toBe(true);

    const [teamOfA] = await listTeamsOfUser(server.app.db, a!.id);
    expect(teamOfA).toMatchObject({ name: `T${t}`, captainId: a!.id, locked: false, bio: '' });
    expect(await listTeamsOfUser(server.app.db, b!.id)).toEqual([teamOfA]);
    expect(await listTeamsOfUser(server.app.db, c!.id)).toEqual([]);
    const [teamOfD] = await listTeamsOfUser(server.app.db, d!.id);
    expect(teamOfD).toMatchObject({ name: `U${t}`, captainId: d!.id });
  });

  it('creates a new team even when a team of that name exists', async () => {
    const t = uniqueText('n');
    await addUsers([entry(`${t}a`, { teamName: `S${t}` })]);
    await addUsers([entry(`${t}b`, { teamName: `S${t}` })]);
    const [first] = await listTeamsOfUser(server.app.db, (await find(`${t}a`))!.id);
    const [second] = await listTeamsOfUser(server.app.db, (await find(`${t}b`))!.id);
    expect(second.id).not.toBe(first.id);
    expect(second.captainId).toBe((await find(`${t}b`))!.id);
  });

  it('creates nothing when a name or email is taken by an account or repeated in the batch', async () => {
    const t = uniqueText('r');
    const existing = await createUser(server.app.db, buildNewUser({ userName: `${t}old` }));
    const before = await countUsers(server.app.db);

    const cases = [
      [entry(`${t}x`, { teamName: `V${t}` }), entry(existing.userName.toUpperCase())],
      [entry(`${t}x`), { ...entry(`${t}y`), email: existing.email.toUpperCase() }],
      [entry(`${t}x`), entry(`${t}X`)],
      [entry(`${t}x`), { ...entry(`${t}y`), email: `${t}x@batch.example` }],
    ];
    for (const entries of cases) {
      const response = await addUsers(entries);
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe(400);
    }
    expect(await countUsers(server.app.db)).toBe(before);
    expect(await find(`${t}x`)).toBeNull();
  });

  it('validates every entry before creating any', async () => {
    const t = uniqueText('v');
    const before = await countUsers(server.app.db);
    const weak = await addUsers([entry(`${t}a`), entry(`${t}b`, { password: 'alllower1' })]);
    expect(weak.statusCode).toBe(400);
    const badMail = await addUsers([entry(`${t}a`), { ...entry(`${t}b`), email: 'no-at-sign' }]);
    expect(badMail.statusCode).toBe(400);
    const longTeam = await addUsers([entry(`${t}a`, { teamName: 'x'.repeat(16) })]);
    expect(longTeam.statusCode).toBe(400);
    expect(await countUsers(server.app.db)).toBe(before);
  });

  it('accepts an empty batch', async () => {
    const response = await addUsers([]);
    expect(response.statusCode).toBe(200);
  });

  it('writes the batch to the admin log', async () => {
    const t = uniqueText('l');
    await addUsers([entry(`${t}a`)]);
    await server.app.logStore.flush();
    const logs = (await admin({ method: 'GET', url: '/api/admin/logs' })).json();
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'Added 1 users and 0 teams', status: 'Success' }),
      ]),
    );
  });
});
