import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn, type Caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { readPcap, type PcapPacket } from '../../support/pcapReader.js';
import {
  closeCode,
  eventually,
  insertContainer,
  openSocket,
  receiveBytes,
  startProxyApp,
  startTcpServer,
  teamInstance,
  testChallenge,
  type FakeContainer,
  type ProxyApp,
  type TeamInstance,
} from './support.js';

const MAPPED_LOOPBACK = '::ffff:127.0.0.1';

describeEachDatabase('traffic capture of proxied connections', (getDb) => {
  let proxy: ProxyApp;
  let app: FastifyInstance;
  let monitor: Caller;
  let echo: FakeContainer;
  beforeAll(async () => {
    proxy = await startProxyApp(getDb());
    app = proxy.app;
    monitor = await signIn(app, 'Monitor');
    echo = await startTcpServer();
  });
  afterAll(async () => {
    await echo.close();
    await app.close();
  });

  const capturedContainer = async (instance: TeamInstance, port = echo.port, capture = true) =>
    insertContainer(app, {
      challengeId: instance.challengeId,
      gameInstanceId: instance.gameInstanceId,
      port,
      capture,
      engineId: 'c0ffee123456',
    });
  const filesOf = async (instance: TeamInstance) => {
    const url = `/api/game/captures/${instance.challengeId}/${instance.participationId}`;
    return (await monitor({ method: 'GET', url })).json() as Array<{ fileName: string }>;
  };
  const download = async (instance: TeamInstance, fileName: string) => {
    const url = `/api/game/captures/${instance.challengeId}/${instance.participationId}/${fileName}`;
    const response = await monitor({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return readPcap(response.rawPayload);
  };
  const sessionEnded = (id: string) => eventually(() => app.tcpProxy.connections.count(id) === 0);
  const payloadsFrom = (packets: PcapPacket[], sourcePort: number) =>
    Buffer.concat(packets.filter((p) => p.sourcePort === sourcePort).map((p) => p.payload));

  it('writes one pcap per connection: metadata first, then every byte in order', async () => {
    const instance = await teamInstance(app, 'flag{dyn4mic-ünïcode}');
    const id = await capturedContainer(instance);
    const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
    const sent = [randomBytes(10_000), Buffer.from('second chunk'), randomBytes(5000)];
    const all = Buffer.concat(sent);
    const echoed = receiveBytes(ws, all.length);
    for (const part of sent) ws.send(part);
    await echoed;
    ws.close();
    await sessionEnded(id);

    const files = await filesOf(instance);
    expect(files.map((f) => f.fileName)).toEqual([
      expect.stringMatching(new RegExp(`^${id.replace(/-/g, '').slice(0, 8)}-[0-9a-f]+\\.pcap$`)),
    ]);
    const pcap = await download(instance, files[0].fileName);
    expect(pcap.linkType).toBe(1);
    const [meta, ...data] = pcap.packets;
    expect(meta).toMatchObject({ source: '::', sourcePort: 65535, destination: MAPPED_LOOPBACK });
    expect(JSON.parse(meta.payload.toString('utf8'))).toEqual({
      Challenge: instance.challengeTitle,
      ChallengeId: instance.challengeId,
      Team: instance.teamName,
      TeamId: instance.teamId,
      ContainerId: 'c0ffee123456',
      Flag: 'flag{dyn4mic-ünïcode}',
    });
    expect(meta.payload.toString()).toContain('\n  "Challenge"');
    const clientPort = meta.destinationPort;
    for (const packet of data) {
      expect(packet.checksumOk).toBe(true);
      expect(packet.payload.length).toBeLessThanOrEqual(4096);
      const fromClient = packet.sourcePort === clientPort;
      expect([packet.source, packet.destination]).toEqual([MAPPED_LOOPBACK, MAPPED_LOOPBACK]);
      expect(fromClient ? packet.destinationPort : packet.sourcePort).toBe(echo.port);
    }
    expect(payloadsFrom(data, clientPort).equals(all)).toBe(true);
    expect(payloadsFrom(data, echo.port).equals(all)).toBe(true);
    const times = pcap.packets.map((p) => p.timeMicros);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('marks the container closing its side with an empty packet', async () => {
    const banner = await startTcpServer((socket) => socket.end('bye'));
    try {
      const instance = await teamInstance(app);
      const id = await capturedContainer(instance, banner.port);
      let closed: Promise<number> | undefined;
      await openSocket(`${proxy.wsBase}/api/proxy/${id}`, (ws) => (closed = closeCode(ws)));
      await closed;
      await sessionEnded(id);
      const [file] = await filesOf(instance);
      const { packets } = await download(instance, file.fileName);
      expect(packets.slice(1).map((p) => [p.sourcePort, p.payload.toString()])).toEqual([
        [banner.port, 'bye'],
        [banner.port, ''],
      ]);
      expect(JSON.parse(packets[0].payload.toString()).Flag).toBeNull();
    } finally {
      await banner.close();
    }
  });

  it('stops open sessions at shutdown and stores their captures first', async () => {
    const instance = await teamInstance(app);
    const id = await capturedContainer(instance);
    const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
    const closed = closeCode(ws);
    const echoed = receiveBytes(ws, 5);
    ws.send('hello');
    await echoed;
    await app.tcpProxy.shutdown();
    expect(app.tcpProxy.connections.count(id)).toBe(0);
    const [file] = await filesOf(instance);
    const { packets } = await download(instance, file.fileName);
    expect(packets.slice(1).map((p) => p.payload.toString())).toEqual(['hello', 'hello']);
    expect(await closed).toBe(1006);
  });

  it('keeps no file for a session that relayed nothing', async () => {
    const instance = await teamInstance(app);
    const id = await capturedContainer(instance);
    const ws = await openSocket(`${proxy.wsBase}/api/proxy/${id}`);
    ws.close();
    await sessionEnded(id);
    expect(await filesOf(instance)).toEqual([]);
    expect(await readdir(`${app.captures.root}/.partial`)).toEqual([]);
  });

  it('records nothing for containers without capture, nor for test containers', async () => {
    const instance = await teamInstance(app);
    const plain = await capturedContainer(instance, echo.port, false);
    const test = await insertContainer(app, {
      challengeId: await testChallenge(app),
      gameInstanceId: null,
      port: echo.port,
      capture: true,
    });
    for (const url of [`/api/proxy/${plain}`, `/api/proxy/noinst/${test}`]) {
      const ws = await openSocket(`${proxy.wsBase}${url}`);
      const echoed = receiveBytes(ws, 3);
      ws.send('abc');
      await echoed;
      ws.close();
    }
    await sessionEnded(plain);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await filesOf(instance)).toEqual([]);
    const challenges = await readdir(app.captures.root).catch(() => []);
    expect(challenges).not.toContain(String(instance.challengeId));
  });
});
