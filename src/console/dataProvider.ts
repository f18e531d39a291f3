/**
 * The console's dataProvider, over the one openapi-fetch client, in four parts:
 * the route table (./dataRoutes.ts), the standard methods below, typed extra methods for
 * non-CRUD actions, and lifecycle callbacks for per-resource processing.
 *
 * react-admin call    → HTTP (users)
 * getList             → GET  /api/admin/users?count={perPage}&skip={(page-1)*perPage}
 *   with filter.q     → POST /api/admin/users/search?hint={q}   (≤ 30 records, paged here)
 * getOne              → GET  /api/admin/users/{id}   (+ the search by id for the list-only fields)
 * getMany             → GET  /api/admin/users/{id}, once per id
 * getManyReference    → not supported yet (no nested resource)
 * update              → PUT  /api/admin/users/{id}   body: the changed fields only
 * updateMany          → PUT  /api/admin/users/{id}, once per id
 * create              → POST /api/admin/users        body: the batch `data.users`
 * delete              → DELETE /api/admin/users/{id}
 * deleteMany          → DELETE /api/admin/users/{id}, once per id
 * resetUserPassword   → DELETE /api/admin/users/{id}/password → the new password
 * searchUsers         → POST /api/admin/users/search?hint={hint}
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

const searchHint = (filter: Record<string, unknown> | undefined) =>
  typeof filter?.q === 'string' && filter.q.trim() !== '' ? filter.q.trim() : undefined;

const baseDataProvider = {
  async getList(resource, params) {
    const entry = routesOf(resource);
    const page = pageOf(params.pagination, entry.maxPageSize);
    const hint = searchHint(params.filter);
    if (hint && entry.search) {
      // A search answers every match at once: page it here like any other list.
      const found = await entry.search(hint);
      return {
        data: found.data.slice(page.skip, page.skip + page.count),
        total: found.data.length,
      };
    }
    const { data, total } = await entry.list(page);
    return { data, total };
  },
  async getOne(resource, params) {
    return { data: await operation(resource, 'getOne')(params.id) };
  },
  async getMany(resource, params) {
    const getOne = operation(resource, 'getOne');
    return { data: await Promise.all(params.ids.map((id) => getOne(id))) };
  },
  async getManyReference(resource) {
    throw new HttpError(`${resource} has no references yet`, 405);
  },
  async update(resource, params) {
    await operation(resource, 'update')(params.id, params.data);
    return { data: { ...params.previousData, ...params.data, id: params.id } };
  },
  async updateMany(resource, params) {
    const update = operation(resource, 'update');
    await Promise.all(params.ids.map((id) => update(id, params.data)));
    return { data: params.ids };
  },
  async create(resource, params) {
    return { data: await operation(resource, 'create')(params.data) };
  },
  async delete(resource, params) {
    await operation(resource, 'delete')(params.id);
    return { data: params.previousData ?? { id: params.id } };
  },
  async deleteMany(resource, params) {
    const remove = operation(resource, 'delete');
    await Promise.all(params.ids.map((id) => remove(id)));
    return { data: params.ids };
  },
} as DataProvider;

/** Typed methods for actions that are not CRUD (`useDataProvider<ConsoleDataProvider>()`). */
const extraMethods = {
  resetUserPassword: (id: Identifier) => userActions.resetPassword(id),
  searchUsers: (hint: string) => userRoutes.search(hint),
};

export type ConsoleDataProvider = DataProvider & typeof extraMethods;

export const dataProvider: ConsoleDataProvider = withLifecycleCallbacks(
  { ...baseDataProvider, ...extraMethods },
  [userLifecycle],
);
