/**
 * Route-table entries of the `webhooks` resource (`/api/admin/webhooks`: every endpoint in one
 * answer, filtered by game when the list's `filter.gameId` says so, paged here), and the actions
 * of an endpoint's page: its delivery log, "Send test", a redelivery, a new secret.
 */
import type { Identifier } from 'react-admin';
import { api, unwrap } from '@/api/client';
import type {
  Webhook,
  WebhookCreate,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEvent,
  WebhookUpdate,
} from '@/api/types';
import { listQueryOf } from './listQueryLifecycle';
import { pageLocally, type Page, type ResourceRoutes } from './kit';

/** Every event an endpoint can ask for, in the order the form lists them. */
export const WEBHOOK_EVENTS: WebhookEvent[] = [
  'FirstBlood',
  'SecondBlood',
  'ThirdBlood',
  'Solve',
  'Notice',
  'GameStart',
  'GameEnd',
  'TeamRegistered',
];

/** What the form edits: the settings, `gameId` null (or empty) for every game. */
export type WebhookChanges = Partial<Omit<WebhookCreate, 'gameId'>> & {
  gameId?: number | string | null;
};

/** The form's values as the API takes them: a blank game is every game, events in form order. */
export function webhookBody(changes: WebhookChanges): WebhookUpdate {
  const body: WebhookUpdate = {};
  if (changes.name !== undefined) body.name = changes.name ?? '';
  if (changes.url !== undefined) body.url = changes.url.trim();
  if (changes.format !== undefined) body.format = changes.format;
  if (changes.enabled !== undefined) body.enabled = changes.enabled;
  if (changes.holdDuringFreeze !== undefined) body.holdDuringFreeze = changes.holdDuringFreeze;
  if (changes.events !== undefined)
    body.events = WEBHOOK_EVENTS.filter((event) => changes.events?.includes(event));
  if (changes.gameId !== undefined) {
    const id = Number(changes.gameId);
    body.gameId = changes.gameId === null || changes.gameId === '' || !id ? null : id;
  }
  return body;
}

const hookPath = (id: Identifier) => ({ params: { path: { id: Number(id) } } });

/** The game a list is filtered by (`filter.gameId`), if any. */
export function gameFilterOf(meta: unknown): number | undefined {
  const id = Number(listQueryOf(meta).filter?.gameId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export const webhookRoutes = {
  maxPageSize: 1000,
  list: async (page, meta) => {
    const gameId = gameFilterOf(meta);
    const query = gameId === undefined ? {} : { gameId };
    const { data } = unwrap(await api.GET('/api/admin/webhooks', { params: { query } }));
    return pageLocally(data, page);
  },
  getOne: async (id) => unwrap(await api.GET('/api/admin/webhooks/{id}', hookPath(id))),
  update: async (id, changes) =>
    unwrap(
      await api.PUT('/api/admin/webhooks/{id}', { ...hookPath(id), body: webhookBody(changes) }),
    ),
  create: async (data) => {
    const body = webhookBody(data);
    return unwrap(
      await api.POST('/api/admin/webhooks', {
        body: { ...body, url: body.url ?? '', format: body.format ?? 'Json', events: body.events ?? [] },
      }),
    );
  },
  delete: async (id) => unwrap(await api.DELETE('/api/admin/webhooks/{id}', hookPath(id))),
} satisfies ResourceRoutes<Webhook, WebhookChanges, WebhookChanges>;

/** An endpoint's actions beyond CRUD. */
export const webhookActions = {
  deliveries: async (id: Identifier, { skip, count }: Page): Promise<WebhookDeliveryList> =>
    unwrap(
      await api.GET('/api/admin/webhooks/{id}/deliveries', {
        params: { path: { id: Number(id) }, query: { skip, count } },
      }),
    ),
  sendTest: async (id: Identifier): Promise<WebhookDelivery> =>
    unwrap(await api.POST('/api/admin/webhooks/{id}/test', hookPath(id))),
  redeliver: async (id: Identifier, deliveryId: number): Promise<WebhookDelivery> =>
    unwrap(
      await api.POST('/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
        params: { path: { id: Number(id), deliveryId } },
      }),
    ),
  rotateSecret: async (id: Identifier): Promise<Webhook> =>
    unwrap(await api.POST('/api/admin/webhooks/{id}/secret', hookPath(id))),
};
