/**
 * The console's dataProvider, over the one openapi-fetch client, in four parts:
 * the route table (./dataRoutes.ts with ./gameRoutes.ts and ./challengeRoutes.ts), the standard
 * methods below, typed extra methods for non-CRUD actions, and lifecycle callbacks for
 * per-resource processing. Nested resources take their parent ids from `meta`.
 *
 * react-admin call    → HTTP (users)
 * getList             → GET  /api/admin/users?count={perPage}&skip={(page-1)*perPage}
 *   with filter.q     → POST /api/admin/users/search?hint={q}   (≤ 30 records, paged here)
 * getOne              → GET  /api/admin/users/{id}   (+ the search by id for the list-only fields)
 * getMany             → GET  /api/admin/users/{id}, once per id
 * getManyReference    → not supported yet
 * update              → PUT  /api/admin/users/{id}   body: the changed fields only
 * updateMany          → PUT  /api/admin/users/{id}, once per id
 * create              → POST /api/admin/users        body: the batch `data.users`
 * delete              → DELETE /api/admin/users/{id}
 * deleteMany          → DELETE /api/admin/users/{id}, once per id
 * resetUserPassword   → DELETE /api/admin/users/{id}/password → the new password
 * searchUsers         → POST /api/admin/users/search?hint={hint}
 *
 * react-admin call    → HTTP (games)
 * getList             → GET  /api/edit/games?count={perPage ≤ 100}&skip={(page-1)*perPage}
 * getOne              → GET  /api/edit/games/{id}
 * update              → PUT  /api/edit/games/{id}   body: the whole GameInfoEditModel
 * create              → POST /api/edit/games        body: GameInfoEditModel → the new game
 * delete              → DELETE /api/edit/games/{id}
 * uploadGamePoster    → PUT  /api/edit/games/{id}/poster   multipart `file` → the poster URL
 *
 * react-admin call    → HTTP (challenges, meta { gameId })
 * getList             → GET  /api/edit/games/{gameId}/challenges   (all; paged here)
 *                       + GET …/challenges/{cId} per listed challenge, for its solve count
 * getOne              → GET  /api/edit/games/{gameId}/challenges/{id}
 * update              → PUT  /api/edit/games/{gameId}/challenges/{id}   body: changed fields only
 * create              → POST /api/edit/games/{gameId}/challenges   body: {title, category, type}
 * delete              → DELETE /api/edit/games/{gameId}/challenges/{id}
 * setChallengeAttachment → POST …/challenges/{cId}/attachment  {attachmentType, fileHash|remoteUrl}
 * recountAccepted     → POST /api/edit/games/{gameId}/challenges/updateaccepted
 * uploadAsset         → POST /api/assets   multipart `files` → {hash, name}
 *
 * react-admin call    → HTTP (flags, meta { gameId, challengeId })
 * getList             → GET  /api/edit/games/{gameId}/challenges/{challengeId} → its `flags`
 * create              → POST …/challenges/{challengeId}/flags   body: the batch `data.flags`
 * delete              → DELETE …/challenges/{challengeId}/flags/{id}
 *
 * Errors are the client's HttpError (message = the server's title, status), which react-admin
 * shows as notifications and hands to authProvider.checkError.
 */
import {
  withLifecycleCallbacks,
  type DataProvider,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { HttpError } from '../api/errors';
import { routes, userActions, userRoutes, type ResourceRoutes } from './dataRoutes';
import type { AttachmentCreate } from '../api/types';
import { challengeActions, type GameMeta } from './challengeRoutes';
import { challengeLifecycle, flagLifecycle, gameLifecycle } from './editLifecycle';
import { gameActions } from './gameRoutes';
import { userLifecycle } from './userLifecycle';

type AnyRoutes = ResourceRoutes<RaRecord, unknown, unknown>;

function routesOf(resource: string): AnyRoutes {
  const table = routes as unknown as Record<string, AnyRoutes | undefined>;
  const entry = Object.hasOwn(table, resource) ? table[resource] : undefined;
  if (!entry) throw new HttpError(`Unknown resource: ${resource}`, 404);
  return entry;
}

function operation<K extends keyof AnyRoutes>(
  resource: string,
  name: K,
): NonNullable<AnyRoutes[K]> {
  const op = routesOf(resource)[name];
  if (!op) throw new HttpError(`${resource} does not support ${String(name)}`, 405);
  return op as NonNullable<AnyRoutes[K]>;
}

/** react-admin's page → the API's `skip`/`count`, within the operation's largest page. */
export function pageOf(pagination: { page: number; perPage: number } | undefined, max: number) {
  const perPage = Math.min(Math.max(1, pagination?.perPage ?? 25), max);
  const page = Math.max(1, pagination?.page ?? 1);
  return { skip: (page - 1) * perPage, count: perPage };
}

const isRecord = (answer: unknown, id: Identifier): answer is RaRecord =>
  typeof answer === 'object' && answer !== null && String((answer as RaRecord).id) === String(id);

const searchHint = (filter: Record<string, unknown> | undefined) =>
  typeof filter?.q === 'string' && filter.q.trim() !== '' ? filter.q.trim() : undefined;

const baseDataProvider = {
  async getList(resource, params) {
    const entry = routesOf(resource);
    const page = pageOf(params.pagination, entry.maxPageSize);
    const hint = searchHint(params.filter);
    if (hint && entry.search) {
      // A search answers every match at once: page it here like any other list.
      const found = await entry.search(hint, params.meta);
      return {
        data: found.data.slice(page.skip, page.skip + page.count),
        total: found.data.length,
      };
    }
    const { data, total } = await entry.list(page, params.meta);
    return { data, total };
  },
  async getOne(resource, params) {
    return { data: await operation(resource, 'getOne')(params.id, params.meta) };
  },
  async getMany(resource, params) {
    const getOne = operation(resource, 'getOne');
    return { data: await Promise.all(params.ids.map((id) => getOne(id, params.meta))) };
  },
  async getManyReference(resource) {
    throw new HttpError(`${resource} has no references yet`, 405);
  },
  async update(resource, params) {
    const answer = await operation(resource, 'update')(params.id, params.data, params.meta);
    // The server's answer (when it sends the record) wins over what was sent.
    const fresh = isRecord(answer, params.id) ? answer : {};
    return { data: { ...params.previousData, ...params.data, ...fresh, id: params.id } };
  },
  async updateMany(resource, params) {
    const update = operation(resource, 'update');
    await Promise.all(params.ids.map((id) => update(id, params.data, params.meta)));
    return { data: params.ids };
  },
  async create(resource, params) {
    return { data: await operation(resource, 'create')(params.data, params.meta) };
  },
  async delete(resource, params) {
    await operation(resource, 'delete')(params.id, params.meta);
    return { data: params.previousData ?? { id: params.id } };
  },
  async deleteMany(resource, params) {
    const remove = operation(resource, 'delete');
    await Promise.all(params.ids.map((id) => remove(id, params.meta)));
    return { data: params.ids };
  },
} as DataProvider;

/** Typed methods for actions that are not CRUD (`useDataProvider<ConsoleDataProvider>()`). */
const extraMethods = {
  resetUserPassword: (id: Identifier) => userActions.resetPassword(id),
  searchUsers: (hint: string) => userRoutes.search(hint),
  uploadGamePoster: (id: Identifier, file: File) => gameActions.uploadPoster(id, file),
  setChallengeAttachment: (meta: GameMeta, id: Identifier, body: AttachmentCreate) =>
    challengeActions.setAttachment(meta, id, body),
  recountAccepted: (meta: GameMeta) => challengeActions.recountAccepted(meta),
  uploadAsset: (file: File) => challengeActions.uploadAsset(file),
};

export type ConsoleDataProvider = DataProvider & typeof extraMethods;

export const dataProvider: ConsoleDataProvider = withLifecycleCallbacks(
  { ...baseDataProvider, ...extraMethods },
  [userLifecycle, gameLifecycle, challengeLifecycle, flagLifecycle],
);
