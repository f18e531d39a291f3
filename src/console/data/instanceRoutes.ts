/**
 * Route-table entries of the `instances` resource: the running challenge containers of every game
 * (`GET /api/admin/instances`, one unpaged answer: filtered, sorted and paged here from the list's
 * `filter.q` and `sort`, see ./listQueryLifecycle.ts) and their destruction
 * (`DELETE /api/admin/instances/{id}`, by container GUID).
 */
import type { Identifier, SortPayload } from 'react-admin';
import { api, HttpError, unwrap } from '@/api/client';
import type { ContainerInstance } from '@/api/types';
import { listQueryOf } from './listQueryLifecycle';
import { pageLocally, type ResourceRoutes } from './kit';

/** A running instance as the console shows it: `id` is the container GUID. */
export type InstanceRecord = ContainerInstance & { id: string };

/** The list's order when none is chosen: the next container to expire first. */
export const DEFAULT_INSTANCE_SORT: SortPayload = { field: 'expectStopAt', order: 'ASC' };

const sortKeys: Record<string, (record: InstanceRecord) => number | string> = {
  expectStopAt: (record) => record.expectStopAt,
  startedAt: (record) => record.startedAt,
  'team.name': (record) => record.team?.name.toLowerCase() ?? '',
  'challenge.title': (record) => record.challenge?.title.toLowerCase() ?? '',
  'game.title': (record) => record.game?.title.toLowerCase() ?? '',
};

export const entryOf = (record: ContainerInstance) => `${record.ip}:${record.port}`;

/** "Team · Challenge", for titles and confirmations; the container GUID when neither is known. */
export const instanceLabel = (record: InstanceRecord) =>
  [record.team?.name, record.challenge?.title].filter(Boolean).join(' · ') || record.id;

/** Whether the instance's game, team, challenge, image or entry contains `hint` (any case). */
export function matchesHint(record: InstanceRecord, hint: string): boolean {
  const needle = hint.trim().toLowerCase();
  if (needle === '') return true;
  return [record.game?.title, record.team?.name, record.challenge?.title, record.image]
    .concat(entryOf(record))
    .some((text) => text?.toLowerCase().includes(needle));
}

/** A sorted copy; unknown fields sort by expiry. */
export function sortInstances(
  records: InstanceRecord[],
  { field, order }: SortPayload = DEFAULT_INSTANCE_SORT,
): InstanceRecord[] {
  const key = sortKeys[field] ?? sortKeys[DEFAULT_INSTANCE_SORT.field];
  const direction = order === 'DESC' ? -1 : 1;
  return [...records].sort((a, b) => {
    const [left, right] = [key(a), key(b)];
    return left < right ? -direction : left > right ? direction : 0;
  });
}

async function readInstances(): Promise<InstanceRecord[]> {
  const { data } = unwrap(await api.GET('/api/admin/instances'));
  return data.map((instance) => ({ ...instance, id: instance.containerGuid }));
}

export const instanceRoutes = {
  maxPageSize: 1000,
  list: async (page, meta) => {
    const { filter, sort } = listQueryOf(meta);
    const hint = typeof filter?.q === 'string' ? filter.q : '';
    const shown = (await readInstances()).filter((record) => matchesHint(record, hint));
    return pageLocally(sortInstances(shown, sort), page);
  },
  getOne: async (id) => {
    const found = (await readInstances()).find((record) => record.id === String(id));
    if (!found) throw new HttpError('The instance is not running', 404);
    return found;
  },
  delete: async (id: Identifier) =>
    unwrap(await api.DELETE('/api/admin/instances/{id}', { params: { path: { id: String(id) } } })),
} satisfies ResourceRoutes<InstanceRecord, never, never>;
