// The containers bench's team start (issue 24, `npm run bench -- containers`) against a fake
// server, for the answers main does not give yet: a start queue's `Pending` POST followed by
// reads of the challenge until the entry shows (or the start fails), and a refusal. The real
// server's immediate answer is what the bench's runs exercise.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTeamContainer, type StartTarget } from '#bench/containers/teamStart.js';
import type { SeededTeam } from '#bench/event/seed.js';

const TEAM: SeededTeam = {
  teamId: 1,
  participationId: 1,
  userId: 'u',
  userName: 'p1',
  name: 'T1',
  sessionToken: 'token',
};

type Answer = { status: number; body: unknown };
const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A service that greets each connection, as the echo image does. */
async function greetingService(): Promise<number> {
  const server = createTcpServer((socket) => socket.end('flag{x}\nT1\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return (server.address() as AddressInfo).port;
}

/** The API: the POST's answer, then the challenge reads' answers in turn (the last repeats). */
async function fakeApi(post: Answer, reads: unknown[]): Promise<StartTarget> {
  let read = 0;
  const server: Server = createHttpServer((request, response) => {
    const answer: Answer =
      request.method === 'POST'
        ? post
        : { status: 200, body: reads[Math.min(read++, reads.length - 1)] };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    gameId: 1,
    challengeId: 2,
    timeoutMs: 5_000,
    pollMs: 10,
  };
}

const pending = { status: 'Pending', startedAt: 0, expectStopAt: 0, entry: '', queuePosition: 3 };
const waiting = (state: string, position: number | null) => ({
  context: { instanceEntry: null, containerStart: { state, position, reason: null } },
});

describe('containers bench: a team start', () => {
  it('follows a Pending start through the queue until its service answers', async () => {
    const port = await greetingService();
    const target = await fakeApi({ status: 200, body: pending }, [
      waiting('Queued', 2),
      waiting('Queued', 1),
      waiting('Starting', null),
      { context: { instanceEntry: `127.0.0.1:${port}`, containerStart: null } },
    ]);
    const start = await startTeamContainer(target, TEAM);
    expect(start).toMatchObject({
      outcome: 'ready',
      status: 200,
      pending: true,
      queuePosition: 3,
      highestPosition: 2,
      startStates: ['Queued', 'Starting'],
      reads: 4,
      entry: `127.0.0.1:${port}`,
    });
    expect(start.readyMs).toBeGreaterThanOrEqual(start.entryMs!);
  });

  it('reports a queued start that failed, with its reason', async () => {
    const target = await fakeApi({ status: 200, body: pending }, [
      waiting('Queued', 1),
      {
        context: {
          instanceEntry: null,
          containerStart: { state: 'Failed', position: null, reason: 'engine gone' },
        },
      },
    ]);
    const start = await startTeamContainer(target, TEAM);
    expect(start).toMatchObject({ outcome: 'start failed', problem: 'engine gone', reads: 2 });
  });

  it('reports a refusal by status and title', async () => {
    const title = 'The container engine is unavailable';
    const target = await fakeApi({ status: 503, body: { title, status: 503 } }, []);
    const start = await startTeamContainer(target, TEAM);
    expect(start).toMatchObject({ outcome: 'refused', status: 503, problem: title });
  });

  it('takes an immediate entry as main answers it', async () => {
    const port = await greetingService();
    const running = {
      status: 'Running',
      startedAt: 0,
      expectStopAt: 0,
      entry: `127.0.0.1:${port}`,
    };
    const target = await fakeApi({ status: 200, body: running }, []);
    const start = await startTeamContainer(target, TEAM);
    expect(start).toMatchObject({ outcome: 'ready', pending: false, reads: 0 });
  });
});
