// Connecting to the engine is bounded on its own; a call the engine takes long to answer is not
// cut by that bound (docker-modem's connectionTimeout ran until the answer's headers, so a create
// slower than 5 s under load came back as "socket hang up" although the engine had made it).
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundConnect, connectBoundAgent } from '#server/services/containers/connectBound.js';
import { dockerEndpoint } from '#server/services/containers/dockerEndpoint.js';

/** An engine's socket that answers only once told to: a slow engine, on demand. */
let engine: Server;
let socketPath: string;
let arrived: (response: ServerResponse) => void = () => {};

beforeAll(async () => {
  socketPath = join(mkdtempSync(join(tmpdir(), 'vexil-engine-')), 'engine.sock');
  engine = createServer((_request, response) => arrived(response));
  engine.listen(socketPath);
  await once(engine, 'listening');
});

afterAll(() => engine.close());

/** Pings; once the engine holds the request, waits `ms` and answers (if the caller still waits). */
async function slowPing(docker: Docker, ms: number) {
  const held = new Promise<ServerResponse>((resolve) => (arrived = resolve));
  const pinged = docker.ping();
  pinged.catch(() => {}); // it may fail while the engine waits; the caller looks at it after
  const response = await held;
  await new Promise((resolve) => setTimeout(resolve, ms));
  if (!response.socket?.destroyed) {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('OK');
  }
  return pinged;
}

describe('connecting to the container engine', () => {
  it('lets a connected call take longer than the connect bound', async () => {
    // The bound is generous and the answer comes well after it: a busy machine that delays the
    // connect event by a few hundred milliseconds must not fail the test.
    const docker = new Docker({
      socketPath,
      agent: connectBoundAgent(false, 2_000),
    } as Docker.DockerOptions);
    await expect(slowPing(docker, 2_500)).resolves.toEqual(Buffer.from('OK'));
  });

  it('(docker-modem’s connectionTimeout cut the same call: the reason for the agent)', async () => {
    const docker = new Docker({ socketPath, connectionTimeout: 50 } as Docker.DockerOptions);
    await expect(slowPing(docker, 300)).rejects.toThrow(/socket hang up/);
  });

  it('destroys a connection that does not connect in time, as a timeout', async () => {
    const never = new PassThrough() as PassThrough & { connecting?: boolean };
    never.connecting = true;
    const closed = once(never, 'error');
    boundConnect(never, 20);
    const [error] = (await closed) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ETIMEDOUT');
    expect(never.destroyed).toBe(true);
  });

  it('gives every engine endpoint the bounded agent and no whole-call connection timeout', () => {
    for (const host of ['unix:///tmp/engine.sock', 'tcp://127.0.0.1:2375']) {
      const { options } = dockerEndpoint(host);
      expect(options.agent).toBeDefined();
      expect(options).not.toHaveProperty('connectionTimeout');
      expect(options.timeout).toBe(60_000);
    }
  });
});
