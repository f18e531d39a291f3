/** How users appear in the administrators' lists. */
import type { Kysely } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import type { DB } from '../../db/schema.js';
import type { User } from '../../db/repositories/users.js';
import { avatarUrl } from '../../domain/profiles.js';
import { signInMethodsOf, type SignInMethods } from './signInMethods.js';

type Schemas = components['schemas'];

export function toUserInfoModel(user: User, signIn: SignInMethods): Schemas['UserInfoModel'] {
  return {
    id: user.id,
    userName: user.userName,
    realName: user.realName,
    stdNumber: user.stdNumber,
    phone: user.phone,
    bio: user.bio,
    registerTimeUtc: user.registerTime,
    lastVisitedUtc: user.lastVisited,
    ip: user.lastIp,
    email: user.email,
    avatar: avatarUrl(user.avatarHash),
    role: user.role,
    emailConfirmed: user.emailConfirmed,
    signIn,
  };
}

export async function userPage(
  db: Kysely<DB>,
  users: User[],
  total: number,
): Promise<Schemas['ArrayResponseOfUserInfoModel']> {
  const signIn = await signInMethodsOf(db, users);
  const data = users.map((user) => toUserInfoModel(user, signIn.get(user.id)!));
  return { data, length: users.length, total };
}
