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
 * react-admin call    → HTTP (teams)
 * getList             → GET  /api/admin/teams?count={perPage ≤ 500}&skip={(page-1)*perPage}
 *   with filter.q     → POST /api/admin/teams/search?hint={q}   (≤ 30 records, paged here)
 * getOne              → GET  /api/team/{id}   (the admin API has no single-team read)
 * update              → PUT  /api/admin/teams/{id}   body: the changed {name, bio, locked} only
 * delete              → DELETE /api/admin/teams/{id}
 * deleteMany          → DELETE /api/admin/teams/{id}, once per id
 *
 * react-admin call    → HTTP (games)
 * getList             → GET  /api/edit/games?count={perPage ≤ 100}&skip={(page-1)*perPage}
 * getOne              → GET  /api/edit/games/{id}
 * update              → PUT  /api/edit/games/{id}   body: the whole GameInfoEditModel
 * create              → POST /api/edit/games        body: GameInfoEditModel → the new game
 * delete              → DELETE /api/edit/games/{id}
 * uploadGamePoster    → PUT  /api/edit/games/{id}/poster   multipart `file` → the poster URL
 * importGame          → POST /api/edit/games/import        multipart `file` (zip) → the new game
 * importCtfdGame      → POST /api/edit/games/import/ctfd   multipart `file` (CTFd zip) → game + report
 *
 * react-admin call    → HTTP (challenges, meta { gameId })
 * getList             → GET  /api/edit/games/{gameId}/challenges   (all; paged here)
 *                       + GET …/challenges/{cId} per listed challenge, for its solve count
 * getOne              → GET  /api/edit/games/{gameId}/challenges/{id}
 * update              → PUT  /api/edit/games/{gameId}/challenges/{id}   body: changed fields only
 * create              → POST /api/edit/games/{gameId}/challenges   body: {title, category, type}
 * delete              → DELETE /api/edit/games/{gameId}/challenges/{id}
 * setChallengeAttachment → POST …/challenges/{cId}/attachment  {attachmentType, fileHash|remoteUrl}
 * startTestContainer  → POST …/challenges/{cId}/container → the test container {entry, status…}
 * stopTestContainer   → DELETE …/challenges/{cId}/container
 * recountAccepted     → POST /api/edit/games/{gameId}/challenges/updateaccepted
 * uploadAsset         → POST /api/assets   multipart `files` → {hash, name}
 *
 * react-admin call    → HTTP (flags, meta { gameId, challengeId })
 * getList             → GET  /api/edit/games/{gameId}/challenges/{challengeId} → its `flags`
 * create              → POST …/challenges/{challengeId}/flags   body: the batch `data.flags`
 *                       (lines of text, or FlagCreateModel[] with their attachments)
 * delete              → DELETE …/challenges/{challengeId}/flags/{id}
 *
 * react-admin call    → HTTP (notices, meta { gameId }; the organisers' `Normal` notices only)
 * getList             → GET  /api/edit/games/{gameId}/notices   (all; newest first, paged here)
 * getOne              → GET  /api/edit/games/{gameId}/notices → the one with this id
 * update              → PUT  /api/edit/games/{gameId}/notices/{id}   body: {content} → the notice
 * create              → POST /api/edit/games/{gameId}/notices   body: {content} → the notice
 * delete              → DELETE /api/edit/games/{gameId}/notices/{id}
 *
 * react-admin call    → HTTP (writeups, meta { gameId }; read only)
 * getList             → GET  /api/admin/writeups/{gameId}   (all; newest upload first, paged here)
 * getOne              → GET  /api/admin/writeups/{gameId} → the one with this participation id
 *   files (not here)  → GET  /assets/{hash}/{name}, GET /api/admin/writeups/{gameId}/all (tar.gz),
 *                       through the download helper (src/lib/download.ts)
 *
 * react-admin call    → HTTP (participations, meta { gameId })
 * getList             → GET  /api/game/{gameId}/participations   (all statuses; paged here)
 * getOne              → GET  /api/game/{gameId}/participations → the one with this id
 * update              → PUT  /api/admin/participation/{id}   body: {status?, division?}
 *
 * react-admin call    → HTTP (posts)
 * getList             → GET  /api/posts   (all, pinned first then newest; paged here)
 * getOne              → GET  /api/posts/{id}
 * update              → GET  /api/posts/{id}, then PUT /api/edit/posts/{id} with the text (stored
 *                       pin kept) if it changed, then PUT …/{id} with the new pin if it changed
 * create              → POST /api/edit/posts   body: PostEditModel → the id, then GET /api/posts/{id}
 * delete              → DELETE /api/edit/posts/{id}
 *
 * Settings page (no resource)
 * getSettings         → GET  /api/admin/config
 * saveSettings        → PUT  /api/admin/config   body: only the sections being saved
 * uploadLogo          → POST /api/admin/config/logo   multipart `file`
 * removeLogo          → DELETE /api/admin/config/logo
 *
 * react-admin call    → HTTP (instances; filter and sort reach the entry in meta)
 * getList             → GET  /api/admin/instances   (all, each with its game, team and
 *                       challenge: ./instanceRoutes.ts; filtered by filter.q, sorted by sort
 *                       (expiry first) and paged here)
 * getOne              → GET  /api/admin/instances → the one with this container GUID
 * delete              → DELETE /api/admin/instances/{containerGuid}
 * deleteMany          → DELETE /api/admin/instances/{containerGuid}, once per id
 *
 * react-admin call    → HTTP (logs; read only, filter reaches the entry in meta)
 * getList             → GET  /api/admin/logs?level={filter.level ?? All}&count={perPage + 1}
 *                       &skip={(page-1)*perPage}   (the extra entry tells whether more follow)
 *   live entries      → the `ReceivedLog` messages of /hub/admin (../useAdminHub.ts)
 *
 * react-admin call    → HTTP (webhooks; filter.gameId reaches the entry in meta)
 * getList             → GET  /api/admin/webhooks[?gameId={filter.gameId}]   (all; paged here)
 * getOne              → GET  /api/admin/webhooks/{id}
 * update              → PUT  /api/admin/webhooks/{id}   body: the changed settings
 * create              → POST /api/admin/webhooks        body: WebhookCreateModel → the endpoint
 * delete              → DELETE /api/admin/webhooks/{id}
 * webhookDeliveries   → GET  /api/admin/webhooks/{id}/deliveries?skip&count (newest first)
 * sendWebhookTest     → POST /api/admin/webhooks/{id}/test → the queued delivery
 * redeliverWebhook    → POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver
 * rotateWebhookSecret → POST /api/admin/webhooks/{id}/secret → the endpoint with its new secret
 *
 * react-admin call    → HTTP (tokens: personal API tokens; filter.userId reaches the entry in meta)
 * getList             → GET  /api/admin/tokens?skip&count[&userId={filter.userId}]
 * getOne              → GET  /api/admin/tokens → the one with this id
 * delete              → DELETE /api/admin/tokens/{id}   (revokes it)
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
import { HttpError } from '@/api/errors';
import { routes, userActions, userRoutes } from './dataRoutes';
import type { AttachmentCreate, Settings } from '@/api/types';
import { challengeActions } from './challengeRoutes';
import { challengeLifecycle, flagLifecycle, gameLifecycle } from './editLifecycle';
import { gameActions } from './gameRoutes';
import { listQueryInMeta } from './listQueryLifecycle';
import { settingsActions } from './settingsRoutes';
import { teamLifecycle } from './teamLifecycle';
import { userLifecycle } from './userLifecycle';
import { webhookActions } from './webhookRoutes';
import type { ResourceRoutes, GameMeta, Page } from './kit';

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
  importGame: (file: File) => gameActions.importArchive(file),
  importCtfdGame: (file: File) => gameActions.importCtfd(file),
  setChallengeAttachment: (meta: GameMeta, id: Identifier, body: AttachmentCreate) =>
    challengeActions.setAttachment(meta, id, body),
  startTestContainer: (meta: GameMeta, id: Identifier) =>
    challengeActions.startTestContainer(meta, id),
  stopTestContainer: (meta: GameMeta, id: Identifier) =>
    challengeActions.stopTestContainer(meta, id),
  recountAccepted: (meta: GameMeta) => challengeActions.recountAccepted(meta),
  uploadAsset: (file: File) => challengeActions.uploadAsset(file),
  getSettings: () => settingsActions.get(),
  saveSettings: (sections: Settings) => settingsActions.save(sections),
  uploadLogo: (file: File) => settingsActions.uploadLogo(file),
  removeLogo: () => settingsActions.removeLogo(),
  webhookDeliveries: (id: Identifier, page: Page) => webhookActions.deliveries(id, page),
  sendWebhookTest: (id: Identifier) => webhookActions.sendTest(id),
  redeliverWebhook: (id: Identifier, deliveryId: number) =>
    webhookActions.redeliver(id, deliveryId),
  rotateWebhookSecret: (id: Identifier) => webhookActions.rotateSecret(id),
};

export type ConsoleDataProvider = DataProvider & typeof extraMethods;

export const dataProvider: ConsoleDataProvider = withLifecycleCallbacks(
  { ...baseDataProvider, ...extraMethods },
  [
    userLifecycle,
    teamLifecycle,
    gameLifecycle,
    challengeLifecycle,
    flagLifecycle,
    listQueryInMeta('instances'),
    listQueryInMeta('logs'),
    listQueryInMeta('webhooks'),
    listQueryInMeta('tokens'),
  ],
);
