/**
 * Batch creation of accounts (`POST /api/admin/users`): all or nothing. Every entry becomes a
 * confirmed `User`; entries naming a team put their user in a new team of this batch, captained
 * by the first of them.
 */
import type { Transaction } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import { addMember, createTeam } from '../../db/repositories/teams.js';
import { createUser } from '../../db/repositories/users.js';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { hashPassword } from '../../domain/passwords.js';
import type { Handlers } from '../../http/handlers.js';
import { logAdminAction } from './adminLog.js';
import { assertDistinct, assertUnused, rethrowAsTaken } from './identityConflicts.js';

type UserCreateModel = components['schemas']['UserCreateModel'];

async function createAll(
  trx: Transaction<DB>,
  entries: UserCreateModel[],
  passwordHashes: string[],
  now: number,
): Promise<number> {
  const teams = new Map<string, number>();
  for (const [index, entry] of entries.entries()) {
    const user = await createUser(trx, {
      userName: entry.userName,
      email: entry.email,
      passwordHash: passwordHashes[index],
      role: 'User',
      emailConfirmed: true,
      realName: entry.realName ?? '',
      stdNumber: entry.stdNumber ?? '',
      phone: entry.phone ?? null,
      registerTime: now,
    });
    const teamName = entry.teamName?.trim();
    if (!teamName) continue;
    const teamId = teams.get(teamName);
    if (teamId === undefined) {
      const team = await createTeam(trx, { name: teamName, captainId: user.id, now });
      teams.set(teamName, team.id);
    } else {
      await addMember(trx, teamId, user.id, now);
    }
  }
  return teams.size;
}

export const adminUserBatchHandlers: Handlers = {
  async adminAddUsers(request) {
    const entries = request.body;
    if (entries.length === 0) return;
    const { db } = request.server;
    assertDistinct(entries);
    await assertUnused(db, entries);
    const passwordHashes = await Promise.all(entries.map((entry) => hashPassword(entry.password)));
    const teamCount = await withTransaction(db, (trx) =>
      createAll(trx, entries, passwordHashes, Date.now()),
    ).catch(rethrowAsTaken);
    logAdminAction(request, `Added ${entries.length} users and ${teamCount} teams`);
  },
};
