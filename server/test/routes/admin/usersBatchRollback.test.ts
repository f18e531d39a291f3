// A clash that appears after the batch was checked (another request creating the same account
// meanwhile) must still roll the whole batch back: users and teams alike.
import { expect, it, vi } from 'vitest';
import { countUsers, createUser } from '#server/db/repositories/users.js';
import { buildNewUser } from '../../support/builders.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { uniqueText } from './accounts.js';

const race = vi.hoisted(() => ({ beforeHash: undefined as undefined | (() => Promise<unknown>) }));

vi.mock('#server/domain/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#server/domain/passwords.js')>();
  return {
    ...actual,
    async hashPassword(password: string) {
      const hook = race.beforeHash;
      race.beforeHash = undefined;
      await hook?.();
      return actual.hashPassword(password);
    },
  };
});

describeEachDatabase('POST /api/admin/users, racing another account', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  it('creates no user and no team when an insert fails inside the transaction', async () => {
    const t = uniqueText('x');
    const entries = ['a', 'b', 'c'].map((s) => ({
      userName: `${t}${s}`,
      password: 'Secret12',
      email: `${t}${s}@race.example`,
      teamName: `R${t}`,
    }));
    race.beforeHash = () =>
      createUser(server.app.db, buildNewUser({ email: entries[2].email.toUpperCase() }));
    const usersBefore = await countUsers(server.app.db);
    const teamsBefore = await server.app.db.selectFrom('teams').select('id').execute();

    const response = await admin({ method: 'POST', url: '/api/admin/users', payload: entries });
    expect(response.statusCode).toBe(400);
    expect(race.beforeHash).toBeUndefined();
    expect(await countUsers(server.app.db)).toBe(usersBefore + 1);
    expect(await server.app.db.selectFrom('teams').select('id').execute()).toEqual(teamsBefore);
    const created = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', 'in', [entries[0].userName, entries[1].userName])
      .execute();
    expect(created).toEqual([]);
  });
});
