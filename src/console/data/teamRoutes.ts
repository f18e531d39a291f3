/**
 * Route-table entries of the `teams` resource (`/api/admin/teams`). Only HTTP here:
 * ./teamLifecycle.ts shapes the update body.
 */
import type { Identifier } from 'react-admin';
import { api, unwrap } from '@/api/client';
import type { AdminTeamUpdate, TeamInfo } from '@/api/types';
import type { ResourceRoutes } from './kit';

const team = (id: Identifier) => ({ params: { path: { id: Number(id) } } });

export const teamRoutes = {
  maxPageSize: 500,
  list: async ({ skip, count }) =>
    unwrap(await api.GET('/api/admin/teams', { params: { query: { skip, count } } })),
  search: async (hint) =>
    unwrap(await api.POST('/api/admin/teams/search', { params: { query: { hint } } })),
  // The admin API has no single-team read; the team endpoint answers the same model.
  getOne: async (id) => unwrap(await api.GET('/api/team/{id}', team(id))),
  update: async (id, changes) =>
    unwrap(await api.PUT('/api/admin/teams/{id}', { ...team(id), body: changes })),
  delete: async (id) => unwrap(await api.DELETE('/api/admin/teams/{id}', team(id))),
} satisfies ResourceRoutes<TeamInfo, AdminTeamUpdate, never>;
