// Connections come and go without leaving subscriptions behind; the app's shutdown closes them;
// negotiate counts against the global rate limit.
import { HubConnectionState } from '@microsoft/signalr';
import { expect, it } from 'vitest';
import { groups } from '#server/services/realtime.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  busListeners,
  groupMembers,
  gameFor,
  hubClient,
  nextMessage,
  RawHubClient,
  sessionFor,
  startHubApp,
  useHubApp,
  waitFor,
} from './support.js';

describeEachDatabase('hub connection lifecycle', (getDb) => {
  const hub = useHubApp(getDb);

  it('re-subscribes once after a reconnect and unsubscribes on stop', async () => {
    const game = await gameFor(hub.app);
    const group = groups.players(game);
    const connection = hubClient(`${hub.base}/hub/user?game=${game}`, { reconnect: true });
    await connection.start();
    await waitFor(() => busListeners(hub.app.realtime, group) === 1);

    const reconnected = new Promise((resolve) => connection.onreconnected(resolve));
    for (const socket of hub.app.websocketServer.clients) socket.terminate();
    await reconnected;
    await waitFor(() => hub.app.hubs.connections.size === 1);
    await waitFor(() => groupMembers(hub.app, group) === 1);
    expect(busListeners(hub.app.realtime, group)).toBe(1);

    const notice = nextMessage(connection, 'ReceivedGameNotice');
    hub.app.realtime.publish(group, 'ReceivedGameNotice', { id: 1, time: 0 });
    expect(await notice).toMatchObject({ id: 1, time: '1970-01-01T00:00:00.000+00:00' });

    await connection.stop();
    await waitFor(() => busListeners(hub.app.realtime, group) === 0);
    await waitFor(() => hub.app.hubs.connections.size === 0);
  });

  it('leaves no subscriptions after many clients of every hub stop', async () => {
    const game = await gameFor(hub.app);
    const admin = await sessionFor(hub.app, 'Admin');
    const connections = [
      ...Array.from({ length: 3 }, () => hubClient(`${hub.base}/hub/user?game=${game}`)),
      hubClient(`${hub.base}/hub/monitor?game=${game}`, { session: admin }),
      hubClient(`${hub.base}/hub/admin`, { session: admin }),
    ];
    await Promise.all(connections.map((c) => c.start()));
    await waitFor(() => groupMembers(hub.app, groups.players(game)) === 3);
    // The three players' connections share one listener of the bus.
    expect(busListeners(hub.app.realtime, groups.players(game))).toBe(1);
    expect(busListeners(hub.app.realtime, groups.monitors(game))).toBe(1);
    await waitFor(() => busListeners(hub.app.realtime, groups.admins) === 1);
    expect(hub.app.logStore.listenerCount('log')).toBe(1);

    await Promise.all(connections.map((c) => c.stop()));
    await waitFor(() => hub.app.hubs.connections.size === 0);
    for (const group of [groups.players(game), groups.monitors(game), groups.admins]) {
      expect(busListeners(hub.app.realtime, group)).toBe(0);
      expect(groupMembers(hub.app, group)).toBe(0);
    }
    expect(hub.app.logStore.listenerCount('log')).toBe(1);
  });
});

describeEachDatabase('hub shutdown and limits', (getDb) => {
  it('closes connections (reconnect allowed) and stops forwarding logs when the app closes', async () => {
    const hub = await startHubApp(getDb());
    const game = await gameFor(hub.app);
    const connection = hubClient(`${hub.base}/hub/user?game=${game}`);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    expect(hub.app.logStore.listenerCount('log')).toBe(1);
    await hub.app.close();
    await closed;
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    expect(busListeners(hub.app.realtime, groups.players(game))).toBe(0);
    expect(hub.app.logStore.listenerCount('log')).toBe(0);
  });

  it('sends a close message that allows a reconnect when the app closes', async () => {
    const hub = await startHubApp(getDb());
    const game = await gameFor(hub.app);
    const client = new RawHubClient(`${hub.base}/hub/user?game=${game}`);
    await client.opened();
    client.send({ protocol: 'json', version: 1 });
    await waitFor(() => client.records.length > 0);
    await hub.app.close();
    await client.closed;
    expect(client.messages()).toEqual([{}, { type: 7, allowReconnect: true }]);
  });

  it('counts negotiate against the global rate limit', async () => {
    const hub = await startHubApp(getDb(), {
      VEXIL_RATE_LIMIT: 'on',
      VEXIL_RATE_LIMIT_GLOBAL: '2/60',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await hub.app.inject({ method: 'POST', url: '/hub/user/negotiate' });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await hub.app.close();
    }
  });
});
