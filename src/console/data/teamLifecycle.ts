/**
 * Per-resource processing of teams, between react-admin and the route table: an update sends only
 * the AdminTeamModel fields that changed.
 */
import type { ResourceCallbacks, UpdateParams } from 'react-admin';
import { models } from '@/api/formMeta.gen';
import type { AdminTeamUpdate, TeamInfo } from '@/api/types';

type Editable = keyof AdminTeamUpdate;
const EDITABLE = Object.keys(models.AdminTeamModel.fields) as Editable[];

/** A missing bio is shown as an empty box: '' and null are the same text. */
const sameValue = (a: unknown, b: unknown) =>
  a === b || ((a === '' || a === null) && (b === '' || b === null));

/** The fields the API lets an admin change that differ from the record (null = unchanged). */
export function teamChanges(
  data: Partial<Record<Editable, unknown>>,
  previous: Partial<TeamInfo> | undefined,
): AdminTeamUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    const value = data[field];
    if (value === undefined || value === null || sameValue(value, previous?.[field])) continue;
    changes[field] = value;
  }
  return changes as AdminTeamUpdate;
}

export const teamLifecycle: ResourceCallbacks = {
  resource: 'teams',
  beforeUpdate: async (params: UpdateParams<TeamInfo>) => ({
    ...params,
    data: teamChanges(params.data, params.previousData),
  }),
};
