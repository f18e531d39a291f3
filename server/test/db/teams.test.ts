import { expect, it } from 'vitest';
import { isForeignKeyViolation } from '#server/db/errors.js';
import {
  addMember,
  countTeamsCaptainedBy,
  createTeam,
  isCaptainOfAnyTeam,
  listTeamsOfUser,
} from '#server/db/repositories/teams.js';
import { createUser, deleteUser } from '#server/db/repositories/users.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildNewUser } from '../support/builders.js';

describeEachDatabase('teams repository', (getDb) => {
  it('creates a team with its captain as a member', async () => {
    const { db } = getDb();
    const captain = await createUser(db, buildNewUser());
    const team = await createTeam(db, { name: 'Flag Bearers', captainId: captain.id, now: 1234 });
    expect(team).toEqual({
      id: expect.any(Number),
      name: 'Flag Bearers',
      bio: '',
      avatarHash: null,
      locked: false,
      inviteToken: expect.stringMatching(/^[0-9a-f]{32}$/),
      captainId: captain.id,
      createdAt: 1234,
      personalOf: null,
    });
    expect(await listTeamsOfUser(db, captain.id)).toEqual([team]);
    expect(await isCaptainOfAnyTeam(db, captain.id)).toBe(true);
    expect(await countTeamsCaptainedBy(db, captain.id)).toBe(1);
  });

  it('adds members once and lists a user’s teams by id', async () => {
    const { db } = getDb();
    const [a, b] = [await createUser(db, buildNewUser()), await createUser(db, buildNewUser())];
    const first = await createTeam(db, { name: 'One', captainId: a.id });
    const second = await createTeam(db, { name: 'Two', captainId: a.id });
    await addMember(db, first.id, b.id);
    await addMember(db, first.id, b.id);
    await addMember(db, second.id, b.id);
    expect((await listTeamsOfUser(db, b.id)).map((t) => t.id)).toEqual([first.id, second.id]);
    expect(await isCaptainOfAnyTeam(db, b.id)).toBe(false);
    expect(await countTeamsCaptainedBy(db, a.id)).toBe(2);
    const members = await db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', first.id)
      .execute();
    expect(members).toHaveLength(2);
  });

  it('drops memberships with the user, and keeps captains from being deleted', async () => {
    const { db } = getDb();
    const [captain, member] = [
      await createUser(db, buildNewUser()),
      await createUser(db, buildNewUser()),
    ];
    const team = await createTeam(db, { name: 'Kept', captainId: captain.id });
    await addMember(db, team.id, member.id);
    await deleteUser(db, member.id);
    const left = await db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', team.id)
      .execute();
    expect(left).toEqual([{ user_id: captain.id }]);
    const error = await deleteUser(db, captain.id).catch((e: unknown) => e);
    expect(isForeignKeyViolation(error)).toBe(true);
  });
});
