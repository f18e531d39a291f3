// Hub connections across instances (issue 16): a client negotiates through one instance and opens
// its WebSocket through another, as behind a balancer without sticky sessions; the token is signed
// with the deployment's secret, used once, and a forged, altered or expired one is refused.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SignedConnectionTokens } from '#server/plugins/hubs/signedTokens.js';
import { createTestApp, testConfig } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { RawHubClient } from './support.js';

it('redeems a signed token once, on any holder of the key, and refuses altered ones', () => {
  const key = Buffer.alloc(32, 7);
  const one = new SignedConnectionTokens();
  const two = new SignedConnectionTokens();
  one.useKey(key);
  two.useKey(key);
  const { connectionId, connectionToken } = one.issue(1);
  expect(two.redeem(connectionToken)).toBe(connectionId);
  expect(two.redeem(connectionToken)).toBeUndefined();
  const v0 = one.issue(0);
  expect(v0.connectionToken).toBe(v0.connectionId);
  expect(two.redeem(v0.connectionToken)).toBe(v0.connectionId);
  const other = new SignedConnectionTokens();
  other.useKey(Buffer.alloc(32, 8));
  expect(other.redeem(one.issue(1).connectionToken)).toBeUndefined();
  const [v, id, expiry, mac] = one.issue(1).connectionToken.split('.');
  const later = (parseInt(expiry, 36) + 60_000).toString(36);
  expect(two.redeem([v, id, later, mac].join('.'))).toBeUndefined();
  const expired = one.issue(1, Date.now() - 120_000).connectionToken;
  expect(two.redeem(expired)).toBeUndefined();
});

describeEachDatabase('hub connections across instances', (getDb) => {
  let one: FastifyInstance;
  let two: FastifyInstance;
  let twoBase: string;
  beforeAll(async () => {
    const deployment = mkdtempSync(join(tmpdir(), 'vexil-hubs-'));
    const config = () => testConfig({ VEXIL_DATA: deployment });
    one = await createTestApp(getDb(), config());
    two = await createTestApp(getDb(), config());
    await two.listen({ host: '127.0.0.1', port: 0 });
    twoBase = `http://127.0.0.1:${(two.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('opens the WebSocket on one instance with a token negotiated on the other', async () => {
    const negotiated = await one.inject({
      method: 'POST',
      url: '/hub/user/negotiate?negotiateVersion=1',
    });
    expect(negotiated.statusCode).toBe(200);
    const { connectionToken } = negotiated.json() as { connectionToken: string };
    const client = new RawHubClient(
      `${twoBase}/hub/user?id=${encodeURIComponent(connectionToken)}`,
    );
    await client.opened();
    client.send({ protocol: 'json', version: 1 });
    await expect.poll(() => client.records.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(client.messages()[0]).toEqual({});
    client.socket.close();
    await client.closed;
    // Used once.
    const again = new RawHubClient(`${twoBase}/hub/user?id=${encodeURIComponent(connectionToken)}`);
    await expect(again.opened()).rejects.toThrow('404');
  });
});
