/**
 * Child processes of the event bench: Vexil and the bare servers each run in their own Node
 * process (TypeScript through tsx; Vexil as its built bundle, as it runs in production), so the load generator never shares an event loop with the
 * server it measures. Parent and child talk over the IPC channel: the child announces itself with
 * a message, the parent sends requests `{ id, type, … }` and the child answers `{ id, … }`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The checkout the bench runs from (Vexil is started from the same tree). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Child {
  process: ChildProcess;
  /** Sends a request and waits for the answer with the same id. */
  request<T>(message: Record<string, unknown>, timeoutMs?: number): Promise<T>;
  /** Waits for the next message of this type sent unasked. */
  next<T>(type: string, timeoutMs?: number): Promise<T>;
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export interface SpawnOptions {
  env: Record<string, string | undefined>;
  /** Modules preloaded with `--import` after tsx (paths relative to ROOT). */
  preload?: string[];
  /** Other Node options, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeOptions?: string[];
  /** The script is plain JavaScript (a built bundle): run it without tsx. */
  javascript?: boolean;
  /** CPUs the process (and its threads) may run on, as `taskset -c` reads them ("1", "0,2-3"). */
  cpus?: string;
}

export function spawnChild(script: string, options: SpawnOptions): Child {
  const preload = (options.preload ?? []).flatMap((path) => [
    '--import',
    pathToFileURL(resolve(ROOT, path)).href,
  ]);
  const args = [
    ...(options.nodeOptions ?? []),
    ...(options.javascript ? [] : ['--import', 'tsx']),
    ...preload,
    resolve(ROOT, script),
  ];
  // Pinned through taskset, which execs Node in place: the child's pid is Node's.
  const [command, commandArgs]: [string, string[]] = options.cpus
    ? ['taskset', ['-c', options.cpus, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd: ROOT,
    env: options.env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  live.add(child);
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      live.delete(child);
      done();
    }),
  );
  let sequence = 0;

  const waitFor = <T>(
    match: (message: Record<string, unknown>) => boolean,
    what: string,
    timeoutMs: number,
  ) =>
    new Promise<T>((resolvePromise, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!match(message)) return;
        cleanup();
        resolvePromise(message as T);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`${script} exited (${code}) while waiting for ${what}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${script}: no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });

  return {
    process: child,
    request<T>(message: Record<string, unknown>, timeoutMs = 30_000) {
      const id = ++sequence;
      const answer = waitFor<T>((m) => m.id === id, `answer to ${String(message.type)}`, timeoutMs);
      child.send({ ...message, id });
      return answer;
    },
    next<T>(type: string, timeoutMs = 60_000) {
      return waitFor<T>((m) => m.type === type && m.id === undefined, type, timeoutMs);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
