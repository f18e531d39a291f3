// The SignalR JSON hub protocol on the wire: negotiate, connection tokens, handshake, pings,
// the client timeout and the absence of client-callable methods.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { DEFAULT_TIMING } from '#server/plugins/hubs/timing.js';
import { describeEachDatabase } from '../support/databases.js';
import { gameFor, hubClient, RawHubClient, useHubApp, waitFor } from './support.js';

const HANDSHAKE = { protocol: 'json', version: 1 };

describeEachDatabase('hub protocol', (getDb) => {
  const hub = useHubApp(getDb);
  let game: number;
  beforeAll(async () => {
    game = await gameFor(hub.app);
  });
  afterEach(() => Object.assign(hub.app.hubs.timing, DEFAULT_TIMING));

  const negotiate = async (path: string) => {
    const response = await fetch(`${hub.base}${path}/negotiate?game=${game}&negotiateVersion=1`, {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };

  it('negotiates the WebSockets transport with a connection token, without CSRF', async () => {
    for (const path of ['/hub/user', '/hub/monitor', '/hub/admin']) {
      const body = await negotiate(path);
      expect(body).toEqual({
        connectionId: expect.any(String),
        connectionToken: expect.any(String),
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      });
      expect(body.connectionToken).not.toBe(body.connectionId);
    }
    const legacy = await hub.app.inject({ method: 'POST', url: '/hub/user/negotiate' });
    expect(legacy.json()).toMatchObject({ negotiateVersion: 0, connectionId: expect.any(String) });
    expect(legacy.json()).not.toHaveProperty('connectionToken');
  });

  it('accepts a token once, and refuses an unknown one before the upgrade', async () => {
    const { connectionToken } = await negotiate('/hub/user');
    const first = new RawHubClient(`${hub.base}/hub/user?game=${game}&id=${connectionToken}`);
    await first.opened();
    first.socket.close();
    const again = new RawHubClient(`${hub.base}/hub/user?game=${game}&id=${connectionToken}`);
    await expect(again.opened()).rejects.toThrow(/404/);
    const forged = new RawHubClient(`${hub.base}/hub/user?game=${game}&id=forged`);
    await expect(forged.opened()).rejects.toThrow(/404/);
  });

  it('answers the handshake, then pings every keep-alive interval', async () => {
    hub.app.hubs.timing.keepAliveMs = 50;
    const client = new RawHubClient(`${hub.base}/hub/user?game=${game}`);
    await client.opened();
    client.send(HANDSHAKE);
    await waitFor(() => client.records.length >= 3);
    expect(client.messages().slice(0, 3)).toEqual([{}, { type: 6 }, { type: 6 }]);
    client.socket.close();
  });

  it('keeps an official client alive with pings past its server timeout', async () => {
    hub.app.hubs.timing.keepAliveMs = 50;
    const connection = hubClient(`${hub.base}/hub/user?game=${game}`);
    // A timeout far above the ping interval (a loaded CI machine may stall for a few hundred ms),
    // yet well below the wait: without pings the client would close.
    connection.serverTimeoutInMilliseconds = 1_500;
    let closed = false;
    connection.onclose(() => (closed = true));
    await connection.start();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(closed).toBe(false);
    expect(connection.state).toBe('Connected');
    await connection.stop();
  });

  it('closes with an error when the client stays silent past the client timeout', async () => {
    hub.app.hubs.timing.clientTimeoutMs = 150;
    hub.app.hubs.timing.keepAliveMs = 60_000;
    const client = new RawHubClient(`${hub.base}/hub/user?game=${game}`);
    await client.opened();
    client.send(HANDSHAKE);
    expect(await client.closed).toBe(1000);
    expect(client.messages()).toEqual([
      {},
      { type: 7, error: expect.stringMatching(/timeout/i), allowReconnect: false },
    ]);
  });

  it('closes when no handshake arrives in time', async () => {
    hub.app.hubs.timing.handshakeTimeoutMs = 100;
    const client = new RawHubClient(`${hub.base}/hub/user?game=${game}`);
    await client.opened();
    expect(await client.closed).toBe(1000);
    expect(client.messages()).toEqual([
      { type: 7, error: expect.any(String), allowReconnect: false },
    ]);
  });

  it('answers an unsupported protocol with a handshake error', async () => {
    const client = new RawHubClient(`${hub.base}/hub/user?game=${game}`);
    await client.opened();
    client.send({ protocol: 'messagepack', version: 1 });
    await client.closed;
    expect(client.messages()).toEqual([{ error: expect.stringMatching(/messagepack/) }]);
  });

  it('has no methods to invoke', async () => {
    const connection = hubClient(`${hub.base}/hub/user?game=${game}`);
    await connection.start();
    await expect(connection.invoke('SendMessage', 'hi')).rejects.toThrow(/does not exist/);
    expect(connection.state).toBe('Connected');
    await connection.stop();
  });

  it('handles a handshake split across two WebSocket messages', async () => {
    const client = new RawHubClient(`${hub.base}/hub/user?game=${game}`);
    await client.opened();
    const text = `${JSON.stringify(HANDSHAKE)}\x1e`;
    client.socket.send(text.slice(0, 10));
    client.socket.send(text.slice(10));
    await waitFor(() => client.records.length >= 1);
    expect(client.messages()[0]).toEqual({});
    client.socket.close();
  });
});
