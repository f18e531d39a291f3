import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases.js';
import { caller, type Caller } from '../../support/app.js';
import {
  closeCode,
  closedPort,
  eventually,
  HandshakeRefused,
  insertContainer,
  openSocket,
  receiveBytes,
  setPortMapping,
  startProxyApp,
  startTcpServer,
  teamInstance,
  testChallenge,
  type FakeContainer,
  type ProxyApp,
} from './support.js';

describeEachDatabase('WebSocket proxy', (getDb) => {
  let proxy: ProxyApp;
  let app: FastifyInstance;
  let anonymous: Caller;
  let echo: FakeContainer;
  beforeAll(async () => {
    proxy = await startProxyApp(getDb());
    app = proxy.app;
    anonymous = caller(app);
    echo = await startTcpServer();
  });
  afterAll(async () => {
    await echo.close();
    await app.close();
  });

  const teamContainer = async (options: { port?: number; isProxy?: boolean } = {}) => {
    const instance = await teamInstance(app);
    return insertContainer(app, {
      challengeId: instance.challengeId,
      gameInstanceId: instance.gameInstanceId,
      port: options.port ?? echo.port,
      isProxy: options.isProxy,
    });
  };
  const refusal = (url: string) =>
    openSocket(url).then(
      (ws) => {
        ws.terminate();
        throw new Error('The handshake was accepted');
      },
      (error: unknown) => error as HandshakeRefused,
    );

  describe('plain requests (liveness probes)', () => {
    it('answer 204 for a known container, whatever the method, without any CSRF header', async () => {
      const id = await teamContainer();
      const get = await anonymous({ method: 'GET', url: `/api/proxy/${id}` });
      expect(get.statusCode).toBe(204);
      expect(get.body).toBe('');
      for (const method of ['OPTIONS', 'HEAD', 'POST', 'DELETE'] as const) {
        const response = await app.inject({ method, url: `/api/PROXY/${id.toUpperCase()}` });
        expect(response.statusCode, method).toBe(204);
      }
    });

    it('answer 404 for an unknown container and 400 for an id that is not a GUID', async () => {
      const unknown = await anonymous({ method: 'GET', url: `/api/proxy/${randomUUID()}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ title: 'Container does not exist', status: 404 });
      const bad = await anonymous({ method: 'GET', url: '/api/proxy/not-a-guid' });
      expect(bad.statusCode).toBe(400);
    });

    it('answer 400 while the port mapping is not PlatformProxy', async () => {
      const id = await teamContainer();
      await setPortMapping(app, 'Default');
      try {
        const response = await anonymous({ method: 'GET', url: `/api/proxy/${id}` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ title: 'TCP proxy is disabled', status: 400 });
        expect((await refusal(`${proxy.wsBase}/api/proxy/${id}`)).status).toBe(400);
      } finally {
        await setPortMapping(app, 'PlatformProxy');
      }
    });

    it('remember answers for a while, negative ones too, until told to forget', async () => {
      const instance = await teamInstance(app);
      const id = await insertContainer(app, {
        challengeId: instance.challengeId,
        gameInstanceId: instance.gameInstanceId,
        port: echo.port,
      });
      expect((await anonymous({ method: 'GET', url: `/api/proxy/${id}` })).statusCode).toBe(204);
      await app.db.deleteFrom('containers').where('id', '=', id).execute();
      expect((await anonymous({ method: 'GET', url: `/api/proxy/${id}` })).statusCode).toBe(204);
      // An upgrade reads the row itself, so a destroyed container is never reached.
      expect((await refusal(`${proxy.wsBase}/api/proxy/${id}`)).status).toBe(404);
      app.tcpProxy.forget(id);
      expect((await anonymous({ method: 'GET', url: `/api/proxy/${id}` })).statusCode).toBe(404);

      const late = randomUUID();
      expect((await anonymous({ method: 'GET', url: `/api/proxy/${late}` })).statusCode).toBe(404);
      await app.db
        .insertInto('containers')
        .values({
          id: late,
          engine_id: 'late',
          image: 'x',
          challenge_id: instance.challengeId,
          game_instance_id: null,
          ip: '127.0.0.1',
          port: echo.port,
          public_ip: null,
          public_port: null,
          is_proxy: 1,
          capture: 0,
          started_at: Date.now(),
          expect_stop_at: Date.now() + 60_000,
        })
        .execute();
      expect((await anonymous({ method: 'GET', url: `/api/proxy/${late}` })).statusCode).toBe(404);
      app.tcpProxy.forget(late);
      const found = await anonymous({ method: 'GET', url: `/api/proxy/noinst/${late}` });
      expect(found.statusCode).toBe(204);
    });
  });

  describe('relay', () => {
    it('carries binary data both ways, and text messages as raw bytes', async () => {
      const id = await teamContainer();
      const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
      const payload = randomBytes(10_000);
      const echoed = receiveBytes(ws, payload.length);
      ws.send(payload);
      expect((await echoed).equals(payload)).toBe(true);

      const text = receiveBytes(ws, 5);
      ws.send('héllo'.slice(0, 4)); // 'héll' is 5 bytes of UTF-8
      expect((await text).toString()).toBe('héll');
      ws.close();
    });

    it('carries a large payload intact in both directions', async () => {
      const id = await teamContainer();
      const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
      const payload = randomBytes(12 * 1024 * 1024);
      const echoed = receiveBytes(ws, payload.length);
      for (let at = 0; at < payload.length; at += 1024 * 1024) {
        ws.send(payload.subarray(at, at + 1024 * 1024));
      }
      expect((await echoed).equals(payload)).toBe(true);
      ws.close();
    });

    it('stops reading the container while the client does not read', async () => {
      const total = 32 * 1024 * 1024;
      let flushed = 0;
      const firehose = await startTcpServer((socket) => {
        const chunk = Buffer.alloc(64 * 1024, 7);
        const pump = () => {
          while (flushed < total) {
            flushed += chunk.length;
            if (!socket.write(chunk)) return socket.once('drain', pump);
          }
          socket.end();
        };
        pump();
      });
      try {
        const instance = await teamInstance(app);
        const id = await insertContainer(app, {
          challengeId: instance.challengeId,
          gameInstanceId: instance.gameInstanceId,
          port: firehose.port,
        });
        const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
        const clientSocket = (ws as unknown as { _socket: import('node:net').Socket })._socket;
        clientSocket.pause();
        await new Promise((resolve) => setTimeout(resolve, 800));
        // Kernel buffers and the 1 MiB high-water mark, not the whole 32 MiB.
        expect(flushed).toBeLessThan(16 * 1024 * 1024);
        const received = receiveBytes(ws, total);
        clientSocket.resume();
        expect((await received).length).toBe(total);
      } finally {
        await firehose.close();
      }
    });

    it('stops reading the client while the container does not read', async () => {
      const sink = await startTcpServer((socket) => socket.pause());
      try {
        const instance = await teamInstance(app);
        const id = await insertContainer(app, {
          challengeId: instance.challengeId,
          gameInstanceId: instance.gameInstanceId,
          port: sink.port,
        });
        const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
        const chunk = Buffer.alloc(1024 * 1024, 1);
        for (let i = 0; i < 32; i++) ws.send(chunk);
        await new Promise((resolve) => setTimeout(resolve, 800));
        // The proxy paused the WebSocket, so most of it still waits on the client side.
        expect(ws.bufferedAmount).toBeGreaterThan(8 * 1024 * 1024);
        ws.terminate();
      } finally {
        await sink.close();
      }
    });

    it('closes the WebSocket without a status code when the container closes', async () => {
      const banner = await startTcpServer((socket) => socket.end('welcome\n'));
      try {
        const instance = await teamInstance(app);
        const id = await insertContainer(app, {
          challengeId: instance.challengeId,
          gameInstanceId: instance.gameInstanceId,
          port: banner.port,
        });
        let received: Promise<Buffer> | undefined;
        let closed: Promise<number> | undefined;
        await openSocket(`${proxy.wsBase}/api/proxy/${id}`, (ws) => {
          received = receiveBytes(ws, 8);
          closed = closeCode(ws);
        });
        expect((await received!).toString()).toBe('welcome\n');
        expect(await closed!).toBe(1005);
      } finally {
        await banner.close();
      }
    });

    it('closes the container connection when the client closes', async () => {
      const id = await teamContainer();
      const before = echo.sockets.size;
      const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
      await eventually(() => echo.sockets.size === before + 1);
      ws.close();
      await eventually(() => echo.sockets.size === before);
      await eventually(() => app.tcpProxy.connections.count(id) === 0);
    });

    it('refuses a client message over 16 MiB with close code 1009', async () => {
      const id = await teamContainer();
      const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
      const closed = closeCode(ws);
      ws.send(Buffer.alloc(16 * 1024 * 1024 + 1));
      expect(await closed).toBe(1009);
      await eventually(() => app.tcpProxy.connections.count(id) === 0);
    });

    it('cuts a session at the time limit', async () => {
      const id = await teamContainer();
      const saved = app.tcpProxy.timing.sessionLimitMs;
      app.tcpProxy.timing.sessionLimitMs = 300;
      try {
        const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
        const started = Date.now();
        expect(await closeCode(ws)).toBe(1000);
        expect(Date.now() - started).toBeLessThan(5000);
      } finally {
        app.tcpProxy.timing.sessionLimitMs = saved;
      }
    });
  });

  describe('refusals before the handshake', () => {
    it('answers 418 with the socket error when the container cannot be reached', async () => {
      const id = await teamContainer({ port: await closedPort() });
      const refused = await refusal(`${proxy.wsBase}/api/proxy/${id}`);
      expect(refused.status).toBe(418);
      expect(refused.body).toEqual({
        title: 'Failed to connect to the container (ECONNREFUSED)',
        status: 418,
      });
      expect(app.tcpProxy.connections.count(id)).toBe(0);
    });

    it('answers 404 for unknown containers and for containers not created for the proxy', async () => {
      expect((await refusal(`${proxy.wsBase}/api/proxy/${randomUUID()}`)).status).toBe(404);
      const direct = await teamContainer({ isProxy: false });
      const refused = await refusal(`${proxy.wsBase}/api/proxy/${direct}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ title: 'Container does not exist', status: 404 });
    });

    it('refuses a 65th connection to one container, and takes one again after a close', async () => {
      const id = await teamContainer();
      const sockets = [];
      for (let i = 0; i < 64; i++)
        sockets.push(await openSocket(`${proxy.wsBase}/api/proxy/${id}`));
      const refused = await refusal(`${proxy.wsBase}/api/proxy/${id}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ title: 'Container connection limit reached', status: 400 });
      // Another container is not affected.
      const other = await openSocket(`${proxy.wsBase}/api/proxy/${await teamContainer()}`);
      other.close();

      sockets.pop()!.close();
      await eventually(() => app.tcpProxy.connections.count(id) === 63);
      sockets.push(await openSocket(`${proxy.wsBase}/api/proxy/${id}`));
      for (const ws of sockets) ws.close();
      await eventually(() => app.tcpProxy.connections.count(id) === 0);
    });
  });

  describe('test containers (/api/proxy/noinst/{id})', () => {
    it('relays to a container without a team, which the team route does not serve', async () => {
      const id = await insertContainer(app, {
        challengeId: await testChallenge(app),
        gameInstanceId: null,
        port: echo.port,
      });
      expect((await refusal(`${proxy.wsBase}/api/proxy/${id}`)).status).toBe(404);
      const probe = await anonymous({ method: 'OPTIONS', url: `/api/proxy/noinst/${id}` });
      expect(probe.statusCode).toBe(204);

      const ws = await openSocket(`${proxy.wsBase}/api/proxy/noinst/${id}`);
      const echoed = receiveBytes(ws, 4);
      ws.send(Buffer.from([1, 2, 3, 4]));
      expect([...(await echoed)]).toEqual([1, 2, 3, 4]);
      ws.close();
      expect(app.tcpProxy.connections.count(id)).toBe(0);
    });

    it('does not serve team containers', async () => {
      const id = await teamContainer();
      const refused = await refusal(`${proxy.wsBase}/api/proxy/noinst/${id}`);
      expect(refused.status).toBe(404);
    });
  });
});
