import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InstancePool, PoolError } from './pool.js';
import { dial, readAll, receive, startFakePlatform, type FakePlatform } from './testing.js';

const SITE = 'https://ctf.example.org';
let platform: FakePlatform;
let pool: InstancePool;

beforeEach(async () => {
  platform = await startFakePlatform(['a', 'b']);
  pool = new InstancePool({ halfCloseGraceMs: 300 });
});
afterEach(async () => {
  pool.closeAll();
  await platform.close();
});

describe('a tunnel', () => {
  it('carries bytes to the container and back (TCP → daemon → WebSocket proxy → TCP echo)', async () => {
    const { local } = await pool.add(SITE, { remote: platform.proxyUrl('a') });
    expect(local).toMatch(/^127\.0\.0\.1:\d+$/);
    const socket = await dial(local);
    socket.write('hello, tunnel');
    expect((await receive(socket, 13)).toString()).toBe('hello, tunnel');
    socket.destroy();
  });

  it('moves megabytes both ways without losing or reordering bytes', async () => {
    const { local } = await pool.add(SITE, { remote: platform.proxyUrl('a') });
    const socket = await dial(local);
    const payload = randomBytes(6 * 1024 * 1024);
    const echoed = receive(socket, payload.length);
    socket.write(payload);
    expect((await echoed).equals(payload)).toBe(true);
    socket.destroy();
  });

  it('still delivers a late reply after the local side sent EOF, then closes', async () => {
    await platform.close();
    platform = await startFakePlatform(['a'], { replyDelayMs: 100 });
    const { local } = await pool.add(SITE, { remote: platform.proxyUrl('a') });
    const socket = await dial(local);
    const all = readAll(socket);
    socket.end('request then EOF');
    expect((await all).toString()).toBe('request then EOF');
  });

  it('closes the local connection when the platform ends the session', async () => {
    const { local } = await pool.add(SITE, { remote: platform.proxyUrl('a') });
    const socket = await dial(local);
    socket.write('x');
    await receive(socket, 1);
    const closed = readAll(socket);
    platform.destroy('a');
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('drops the local connection at once when the proxy refuses the handshake', async () => {
    const errors: string[] = [];
    pool = new InstancePool({ log: (line) => errors.push(line) });
    const { local } = await pool.add(SITE, { remote: platform.proxyUrl('gone') });
    const socket = await dial(local);
    expect((await readAll(socket)).length).toBe(0);
    expect(errors.join('\n')).toMatch(/Unexpected server response: 404/);
  });

  it('gives a site its existing tunnel for the same remote, even when asked twice at once', async () => {
    const remote = platform.proxyUrl('a');
    const [first, second] = await Promise.all([
      pool.add(SITE, { remote }),
      pool.add(SITE, { remote, label: 'Echo @ Finals' }),
    ]);
    expect(second.local).toBe(first.local);
    const again = await pool.add(SITE, { remote, label: 'Echo (renamed)' });
    expect(again).toMatchObject({ local: first.local, label: 'Echo (renamed)' });
    const other = await pool.add('https://other.example', { remote });
    expect(other.local).not.toBe(first.local);
    expect(pool.list(SITE)).toHaveLength(1);
  });

  it('binds the address asked for, on any interface with 0.0.0.0', async () => {
    const lan = await pool.add(SITE, { remote: platform.proxyUrl('b'), local: '0.0.0.0:0' });
    expect(lan.local).toMatch(/^0\.0\.0\.0:\d+$/);
    const socket = await dial(lan.local.replace('0.0.0.0', '127.0.0.1'));
    socket.write('lan');
    expect((await receive(socket, 3)).toString()).toBe('lan');
    socket.destroy();
  });

  it('refuses addresses it cannot parse or bind', async () => {
    const remote = platform.proxyUrl('a');
    await expect(pool.add(SITE, { remote, local: 'localhost:0' })).rejects.toMatchObject({
      status: 400,
    });
    const taken = await pool.add(SITE, { remote });
    await expect(
      pool.add(SITE, { remote: platform.proxyUrl('b'), local: taken.local }),
    ).rejects.toMatchObject({ status: 500, message: expect.stringContaining('failed to bind') });
  });

  it('on removal, frees the port and cuts live connections', async () => {
    const { local } = await pool.add(SITE, { remote: platform.proxyUrl('a') });
    const socket = await dial(local);
    socket.write('x');
    await receive(socket, 1);
    const closed = readAll(socket);
    expect(() => pool.remove('https://other.example', local)).toThrow(
      `Tunnel ${local} not found in scope https://other.example`,
    );
    pool.remove(SITE, local);
    await closed;
    await expect(dial(local)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(() => pool.remove(SITE, local)).toThrow(new PoolError(400, `Tunnel ${local} not found`));
  });
});
