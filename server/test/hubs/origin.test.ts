// Hubs refuse pages of other origins: negotiate and the WebSocket upgrade with a foreign `Origin`
// answer 403 `{title, status}` before any upgrade (so no connection, no subscription), while the
// site's own origin, VEXIL_PUBLIC_URL's, VEXIL_ALLOWED_ORIGINS' and requests without `Origin`
// (clients outside browsers) are served.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '#server/config.js';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { FOREIGN_ORIGIN } from '#server/plugins/hubs/origin.js';
import { groups } from '#server/services/realtime.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  busListeners,
  gameFor,
  hubClient,
  nextMessage,
  sessionFor,
  startHubApp,
  useHubApp,
  waitFor,
  type HubApp,
} from './support.js';

const PUBLIC_URL = 'https://ctf.example.org/vexil';
const EXTRA_ORIGIN = 'http://console.example.org:8443';

type Upgrade = { opened: WebSocket } | { status: number; body: unknown };

/** Opens a WebSocket with the headers given; resolves with it or with the HTTP answer. */
function upgrade(url: string, headers: Record<string, string>): Promise<Upgrade> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ opened: socket }));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response: IncomingMessage) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
      );
    });
  });
}

async function negotiate(hub: HubApp, path: string, headers: Record<string, string>) {
  return hub.app.inject({
    method: 'POST',
    url: `${path}/negotiate?negotiateVersion=1`,
    headers: { host: new URL(hub.base).host, ...headers },
  });
}

describe('VEXIL_ALLOWED_ORIGINS', () => {
  const allowed = (value: string) => loadConfig({ VEXIL_ALLOWED_ORIGINS: value }).allowedOrigins;

  it('reads comma-separated origins in their normal form', () => {
    expect(allowed('')).toEqual([]);
    expect(allowed(' https://A.example:443 , http://b.example:8080/ ')).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
  });

  it.each([
    'a.example',
    'https://a.example/path',
    'ftp://a.example',
    'null',
    'https://u@a.example',
  ])('refuses %s', (value) => expect(() => allowed(value)).toThrow(/VEXIL_ALLOWED_ORIGINS/));
});

describeEachDatabase('hub origins', (getDb) => {
  const hub = useHubApp(getDb, { VEXIL_ALLOWED_ORIGINS: EXTRA_ORIGIN });
  let admin: string;
  /** A page of the same host on another port, e.g. another service on the organiser's machine. */
  let otherPort: string;
  beforeAll(async () => {
    admin = await sessionFor(hub.app, 'Admin');
    const url = new URL(hub.base);
    otherPort = `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`;
  });

  const adminCookie = () => `${SESSION_COOKIE}=${admin}`;

  it('refuses an admin hub upgrade from a page on another port, before the upgrade', async () => {
    for (const origin of [otherPort, 'https://evil.example', 'null']) {
      const answer = await upgrade(`${hub.base}/hub/admin`, {
        Origin: origin,
        Cookie: adminCookie(),
      });
      expect(answer, origin).toEqual({ status: 403, body: { title: FOREIGN_ORIGIN, status: 403 } });
    }
    expect(hub.app.hubs.connections.size).toBe(0);
    expect(busListeners(hub.app.realtime, groups.admins)).toBe(0);
  });

  it('refuses negotiate from another origin', async () => {
    for (const path of ['/hub/user', '/hub/monitor', '/hub/admin']) {
      const response = await negotiate(hub, path, { origin: otherPort, cookie: adminCookie() });
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toEqual({ title: FOREIGN_ORIGIN, status: 403 });
    }
  });

  it('serves the site’s own origin, an allowed origin and a request without Origin', async () => {
    const cases: Record<string, string>[] = [{ origin: hub.base }, { origin: EXTRA_ORIGIN }, {}];
    for (const headers of cases) {
      const response = await negotiate(hub, '/hub/admin', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    for (const origin of [hub.base, EXTRA_ORIGIN]) {
      const answer = await upgrade(`${hub.base}/hub/admin`, {
        Origin: origin,
        Cookie: adminCookie(),
      });
      expect('opened' in answer, origin).toBe(true);
      if ('opened' in answer) answer.opened.close();
    }
  });

  it('delivers to an admin connected from the site’s own page', async () => {
    const answer = await upgrade(`${hub.base}/hub/admin`, {
      Origin: hub.base,
      Cookie: adminCookie(),
    });
    if (!('opened' in answer)) throw new Error(`Refused: ${JSON.stringify(answer)}`);
    const socket = answer.opened;
    const records: string[] = [];
    socket.on('message', (data) => records.push(...data.toString().split('\x1e').filter(Boolean)));
    socket.send('{"protocol":"json","version":1}\x1e');
    await waitFor(() => busListeners(hub.app.realtime, groups.admins) === 1);
    hub.app.log.info('Seen by a same-origin admin');
    await waitFor(() => records.some((record) => record.includes('Seen by a same-origin admin')));
    socket.close();
  });

  it('lets the SignalR client outside a browser (no Origin) connect', async () => {
    const game = await gameFor(hub.app);
    const connection = hubClient(`${hub.base}/hub/user?game=${game}`);
    await connection.start();
    await waitFor(() => busListeners(hub.app.realtime, groups.players(game)) === 1);
    const received = nextMessage(connection, 'ReceivedGameNotice');
    hub.app.realtime.publish(groups.players(game), 'ReceivedGameNotice', { id: 1, time: 0 });
    expect((await received).id).toBe(1);
    await connection.stop();
  });

  describe('with VEXIL_PUBLIC_URL', () => {
    let proxied: HubApp;
    beforeAll(async () => {
      proxied = await startHubApp(getDb(), { VEXIL_PUBLIC_URL: PUBLIC_URL });
    });
    afterAll(() => proxied.app.close());

    it('serves the public origin, even when a proxy rewrote Host, and refuses others', async () => {
      const ok = await negotiate(proxied, '/hub/user', {
        origin: 'https://ctf.example.org',
        host: 'localhost:8080',
      });
      expect(ok.statusCode).toBe(200);
      const refused = await negotiate(proxied, '/hub/user', {
        origin: 'https://ctf.example.org:8443',
      });
      expect(refused.statusCode).toBe(403);
    });
  });
});
