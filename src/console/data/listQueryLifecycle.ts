/**
 * For route entries that filter or sort a list themselves (instances, logs): hands the list's
 * `filter` and `sort` to the entry in react-admin's `meta`, since route entries only receive the
 * page and `meta`.
 */
import type { GetListParams, ResourceCallbacks, SortPayload } from 'react-admin';

/** What such an entry finds in `meta`. */
export interface ListQueryMeta {
  filter?: Record<string, unknown>;
  sort?: SortPayload;
}

/** The list query handed over by {@link listQueryInMeta}, or nothing. */
export function listQueryOf(meta: unknown): ListQueryMeta {
  if (typeof meta !== 'object' || meta === null) return {};
  const { filter, sort } = meta as ListQueryMeta;
  return { filter, sort };
}

export function listQueryInMeta(resource: string): ResourceCallbacks {
  return {
    resource,
    beforeGetList: async (params: GetListParams) => ({
      ...params,
      meta: { ...params.meta, filter: params.filter, sort: params.sort },
    }),
  };
}
