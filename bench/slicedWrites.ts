/**
 * `npx tsx bench/slicedWrites.ts`: what writing a 1.7-MB answer whole or in slices
 * (server/src/http/slicedBody.ts) costs a bare node:http server's event loop. The server runs in
 * its own process with `monitorEventLoopDelay` (10-ms resolution, subtracted); autocannon reads
 * 10 s over 50 connections (discarding bodies, as the event bench does), twice per way.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { slicedBody } from '../server/src/http/slicedBody.js';

const BODY_BYTES = 1_696_500;
const WAYS = ['whole', 'sliced'] as const;

interface Sample {
  p99: number;
  max: number;
}

function serve(way: (typeof WAYS)[number]): void {
  const body = Buffer.alloc(BODY_BYTES, '{"id":1,"name":"team"},');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    if (way === 'whole') response.end(body);
    else slicedBody(body).pipe(response);
  });
  server.listen(0, '127.0.0.1', () =>
    process.send?.({ port: (server.address() as AddressInfo).port }),
  );
  process.on('message', (message) => {
    if (message === 'reset') delay.reset();
    if (message === 'sample') {
      const ms = (ns: number) => Math.max(0, ns / 1e6 - 10);
      process.send?.({ p99: ms(delay.percentile(99)), max: ms(delay.max) } satisfies Sample);
    }
  });
}

async function measure(): Promise<void> {
  for (const way of [...WAYS, ...WAYS]) {
    const child = fork(fileURLToPath(import.meta.url), [way], { execArgv: process.execArgv });
    const { port } = await new Promise<{ port: number }>((resolve) =>
      child.once('message', (message) => resolve(message as { port: number })),
    );
    child.send('reset');
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/`,
      connections: 50,
      duration: 10,
      // as bench/event/load.ts: keeping every body as a string would make the reader the limit
      setupClient: (client: unknown) => {
        (client as { pipelinedRequests: { addBody(): void } }).pipelinedRequests.addBody = () => {};
      },
    });
    child.send('sample');
    const sample = await new Promise<Sample>((resolve) =>
      child.once('message', (message) => resolve(message as Sample)),
    );
    console.log(
      `${way}: ${Math.round(result.requests.average)} answers/s, p99 ${result.latency.p99} ms; ` +
        `event loop p99 ${sample.p99.toFixed(1)} ms, max ${sample.max.toFixed(1)} ms`,
    );
    child.kill();
  }
}

const way = process.argv[2] as (typeof WAYS)[number] | undefined;
if (way && WAYS.includes(way)) serve(way);
else await measure();
