/**
 * Preloaded into the Vexil child (`--import bench/event/probe.mjs`) so the bench can read the
 * server's event-loop delay and resident memory without any bench code in the server. Over IPC:
 * `reset` starts a new measured phase (clears the delay histogram and the memory peak), `sample`
 * answers the phase's figures (ProbeSample in vexilProcess.ts). The server exits when the bench
 * goes away. Plain JavaScript on purpose: worker threads inherit `--import` flags but not tsx, so
 * the server's scoreboard worker loads this file too — where it does nothing.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { appendFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

const MB = 1024 * 1024;
/** The histogram records the time between ticks of a timer of this period: the delay is the rest. */
const RESOLUTION_MS = 10;

if (isMainThread && process.send) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let peakRss = process.memoryUsage.rss();
  let cpuSince = process.cpuUsage();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 100);
  sampler.unref();
  // BENCH_MEMORY_LOG=<file>: the main thread's memory by kind, once a second (a JSON line each).
  const memoryLog = process.env.BENCH_MEMORY_LOG;
  if (memoryLog) {
    setInterval(() => {
      const usage = process.memoryUsage();
      const line = Object.fromEntries(
        Object.entries(usage).map(([kind, bytes]) => [kind, Math.round(bytes / MB)]),
      );
      appendFileSync(memoryLog, `${JSON.stringify({ t: Date.now(), ...line })}\n`);
    }, 1000).unref();
  }

  const delayMs = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);
  const sample = () => {
    const rss = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rss);
    const samples = histogram.count;
    return {
      eventLoopP50Ms: samples ? delayMs(histogram.percentile(50)) : 0,
      eventLoopP99Ms: samples ? delayMs(histogram.percentile(99)) : 0,
      eventLoopMaxMs: samples ? delayMs(histogram.max) : 0,
      eventLoopSamples: samples,
      rssMb: rss / MB,
      peakRssMb: peakRss / MB,
      // every thread of the process: the main one, the scoreboard worker, libuv's pool
      cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuSince)),
    };
  };

  process.on('message', (message) => {
    if (message?.type === 'reset') {
      histogram.reset();
      peakRss = process.memoryUsage.rss();
      cpuSince = process.cpuUsage();
      process.send?.({ id: message.id });
    } else if (message?.type === 'sample') {
      process.send?.({ id: message.id, ...sample() });
    }
  });
  // The server must not outlive the bench, and the channel alone must not keep it alive.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  process.channel?.unref();
}

// BENCH_MEMORY_LOG in a worker thread (the scoreboard's): its own V8 heap once a second, marked
// with its thread id (resident memory is the process's, logged by the main thread).
if (!isMainThread && process.env.BENCH_MEMORY_LOG) {
  const memoryLog = process.env.BENCH_MEMORY_LOG;
  setInterval(() => {
    const heap = getHeapStatistics();
    const line = {
      t: Date.now(),
      thread: threadId,
      heapTotal: Math.round(heap.total_heap_size / MB),
      heapUsed: Math.round(heap.used_heap_size / MB),
      external: Math.round(heap.external_memory / MB),
    };
    appendFileSync(memoryLog, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
