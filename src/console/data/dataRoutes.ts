/**
 * The console's route table: for each react-admin resource, the API operations behind it, typed
 * by the generated schema through the one openapi-fetch client. Entries only speak HTTP; the
 * dataProvider turns them into react-admin's shapes, and its lifecycle callbacks do per-resource
 * processing.
 *
 * Lists answer the `{ data, length, total }` envelope. Nested resources (a game's challenges,
 * a challenge's flags) take their parent ids from react-admin's `meta`, e.g.
 * `list(page, { gameId })` → `GET /api/edit/games/{id}/challenges` (./challengeRoutes.ts).
 */
import type { Identifier } from 'react-admin';
import { api, unwrap } from '@/api/client';
import type { AdminUserUpdate, Profile, UserCreate, UserInfo } from '@/api/types';
import { awardRoutes } from './awardRoutes';
import { challengeRoutes, flagRoutes } from './challengeRoutes';
import { gameRoutes } from './gameRoutes';
import { instanceRoutes } from './instanceRoutes';
import { logRoutes } from './logRoutes';
import { noticeRoutes } from './noticeRoutes';
import { writeupRoutes } from './writeupRoutes';
import { postRoutes } from './postRoutes';
import { teamRoutes } from './teamRoutes';
import { participationRoutes } from './participationRoutes';
import { webhookRoutes } from './webhookRoutes';
import { tokenRoutes } from './tokenRoutes';
import { ssoProviderRoutes } from './ssoProviderRoutes';
import type { ResourceRoutes } from './kit';

/** A user as the console shows it: the admin list's model (`id` is the user's GUID); a user's
 *  page has `signIn` once the lifecycle callback has found the user in the admin search. */
export type UserRecord = Omit<UserInfo, 'signIn'> & Partial<Pick<UserInfo, 'signIn'>>;

/** `GET /api/admin/users/{id}` answers the profile model (`userId`, fewer fields). */
export function userFromProfile({ userId, ...profile }: Profile): UserRecord {
  return {
    ...profile,
    id: userId,
    // not in the profile model: filled in by the users lifecycle callback from the admin search
    emailConfirmed: false,
    registerTimeUtc: 0,
    lastVisitedUtc: 0,
    ip: '',
  };
}

const user = (id: Identifier) => ({ params: { path: { userid: String(id) } } });

export const userRoutes = {
  maxPageSize: 500,
  list: async ({ skip, count }) =>
    unwrap(await api.GET('/api/admin/users', { params: { query: { skip, count } } })),
  search: async (hint) =>
    unwrap(await api.POST('/api/admin/users/search', { params: { query: { hint } } })),
  getOne: async (id) =>
    userFromProfile(unwrap(await api.GET('/api/admin/users/{userid}', user(id)))),
  update: async (id, changes) =>
    unwrap(await api.PUT('/api/admin/users/{userid}', { ...user(id), body: changes })),
  create: async (users) => {
    unwrap(await api.POST('/api/admin/users', { body: users }));
    // The API answers no body; the batch is all-or-nothing.
    return { id: `batch-${Date.now()}`, count: users.length };
  },
  delete: async (id) => unwrap(await api.DELETE('/api/admin/users/{userid}', user(id))),
} satisfies ResourceRoutes<UserRecord, AdminUserUpdate, UserCreate[]>;

/** Non-CRUD user operations. */
export const userActions = {
  /** `DELETE /api/admin/users/{id}/password`: a new random password, shown once. */
  resetPassword: async (id: Identifier): Promise<string> =>
    unwrap(
      await api.DELETE('/api/admin/users/{userid}/password', {
        params: { path: { userid: String(id) } },
      }),
    ),
};

export const routes = {
  users: userRoutes,
  teams: teamRoutes,
  games: gameRoutes,
  challenges: challengeRoutes,
  flags: flagRoutes,
  notices: noticeRoutes,
  awards: awardRoutes,
  writeups: writeupRoutes,
  participations: participationRoutes,
  posts: postRoutes,
  instances: instanceRoutes,
  logs: logRoutes,
  webhooks: webhookRoutes,
  tokens: tokenRoutes,
  ssoProviders: ssoProviderRoutes,
};

export type ResourceName = keyof typeof routes;
