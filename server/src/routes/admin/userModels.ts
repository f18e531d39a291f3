/** How users appear in the administrators' lists. */
import type { components } from '#wire/schema.gen.js';
import type { User } from '../../db/repositories/users.js';
import { avatarUrl } from '../../domain/profiles.js';

type Schemas = components['schemas'];

export function toUserInfoModel(user: User): Schemas['UserInfoModel'] {
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
  };
}

export function userPage(users: User[], total: number): Schemas['ArrayResponseOfUserInfoModel'] {
  return { data: users.map(toUserInfoModel), length: users.length, total };
}
