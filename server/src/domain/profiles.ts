/** How a user's own profile and avatar appear on the wire. Pure: no I/O. */
import type { components } from '#wire/schema.gen.js';
import type { User } from '../db/repositories/users.js';

export type ProfileUserInfoModel = components['schemas']['ProfileUserInfoModel'];

/** Every model shows an avatar as `/assets/{hash}/avatar` (served with its stored type). */
export const avatarUrl = (hash: string | null): string | null =>
  hash ? `/assets/${hash}/avatar` : null;

export function toProfileModel(user: User): ProfileUserInfoModel {
  return {
    userId: user.id,
    userName: user.userName,
    email: user.email,
    bio: user.bio,
    phone: user.phone,
    realName: user.realName,
    stdNumber: user.stdNumber,
    avatar: avatarUrl(user.avatarHash),
    role: user.role,
  };
}
