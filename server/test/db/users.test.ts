import { expect, it } from 'vitest';
import { isUniqueViolation } from '#server/db/errors.js';
import {
  countUsers,
  createUser,
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserByUserNameOrEmail,
  listUsers,
  touchLastVisited,
  updateUserFields,
  updateUserRole,
} from '#server/db/repositories/users.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildNewUser } from '../support/builders.js';

describeEachDatabase('users repository', (getDb) => {
  it('creates a user with defaults and reads it back', async () => {
    const { db } = getDb();
    const input = buildNewUser({ registerTime: 1_700_000_000_123 });
    const user = await createUser(db, input);

    expect(user).toMatchObject({
      userName: input.userName,
      email: input.email,
      role: 'User',
      emailConfirmed: true,
      bio: '',
      phone: null,
      realName: '',
      stdNumber: '',
      avatarHash: null,
      registerTime: 1_700_000_000_123,
      lastVisited: 0,
      lastIp: '0.0.0.0',
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.securityStamp).toBeTruthy();
    expect(await findUserById(db, user.id)).toEqual(user);
    expect(await findUserById(db, '00000000-0000-7000-8000-000000000000')).toBeNull();
  });

  it('finds by user name or email, ignoring case', async () => {
    const { db } = getDb();
    const user = await createUser(
      db,
      buildNewUser({ userName: 'MiXeD', email: 'MiXeD@Example.com' }),
    );
    expect((await findUserByUserNameOrEmail(db, 'mixed'))?.id).toBe(user.id);
    expect((await findUserByUserNameOrEmail(db, 'MIXED@EXAMPLE.COM'))?.id).toBe(user.id);
    expect((await findUserByEmail(db, 'mixed@example.com'))?.id).toBe(user.id);
    expect(await findUserByUserNameOrEmail(db, 'nobody')).toBeNull();
  });

  it('rejects a user name or email differing only in case', async () => {
    const { db } = getDb();
    await createUser(db, buildNewUser({ userName: 'Alice', email: 'alice@example.com' }));
    const sameName = createUser(db, buildNewUser({ userName: 'aLICE' }));
    await expect(sameName).rejects.toSatisfy(isUniqueViolation);
    const sameEmail = createUser(db, buildNewUser({ email: 'ALICE@example.COM' }));
    await expect(sameEmail).rejects.toSatisfy(isUniqueViolation);
  });

  it('updates role and fields, keeping the case-insensitive keys in sync', async () => {
    const { db } = getDb();
    const user = await createUser(db, buildNewUser({ emailConfirmed: false }));
    expect(await updateUserRole(db, user.id, 'Monitor')).toBe(true);
    expect(await updateUserRole(db, 'missing', 'Admin')).toBe(false);

    const updated = await updateUserFields(db, user.id, {
      userName: 'Renamed',
      emailConfirmed: true,
      bio: 'hello',
      phone: '+1 555',
      avatarHash: 'abc',
    });
    expect(updated).toMatchObject({
      role: 'Monitor',
      userName: 'Renamed',
      emailConfirmed: true,
      bio: 'hello',
      phone: '+1 555',
      avatarHash: 'abc',
    });
    expect((await findUserByUserNameOrEmail(db, 'renamed'))?.id).toBe(user.id);
    expect(await updateUserFields(db, user.id, {})).toEqual(updated);
    expect(await updateUserFields(db, 'missing', { bio: 'x' })).toBeNull();
  });

  it('records the last visit', async () => {
    const { db } = getDb();
    const user = await createUser(db, buildNewUser());
    await touchLastVisited(db, user.id, '10.0.0.7', 1_800_000_000_000);
    expect(await findUserById(db, user.id)).toMatchObject({
      lastVisited: 1_800_000_000_000,
      lastIp: '10.0.0.7',
    });
  });

  it('counts, pages in creation order and deletes', async () => {
    const { db } = getDb();
    const before = await countUsers(db);
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createUser(db, buildNewUser()));
    expect(await countUsers(db)).toBe(before + 3);

    const page = await listUsers(db, before, 2);
    expect(page.map((u) => u.id)).toEqual(created.slice(0, 2).map((u) => u.id));
    expect(await listUsers(db, before + 3, 10)).toEqual([]);

    expect(await deleteUser(db, created[0].id)).toBe(true);
    expect(await deleteUser(db, created[0].id)).toBe(false);
    expect(await countUsers(db)).toBe(before + 2);
  });
});
