/**
 * What the containers bench must undo however it ends (done, failed, Ctrl-C, SIGTERM): each
 * resource registers its undo when it is made (the engine's containers and services, the swarm
 * engine, the server process, the database and temp folder), and they run once, newest first,
 * each on its own so one failing undo never skips the rest. A second Ctrl-C while they run
 * leaves at once, saying what may be left.
 */

type Undo = () => Promise<unknown>;

const undos: Array<{ what: string; undo: Undo }> = [];
let running: Promise<void> | null = null;

/** Registers an undo; the answer unregisters it (once the resource is gone by the normal path). */
export function onExit(what: string, undo: Undo): () => void {
  const entry = { what, undo };
  undos.push(entry);
  return () => {
    const index = undos.indexOf(entry);
    if (index >= 0) undos.splice(index, 1);
  };
}

/** Runs every registered undo once, newest first. */
export function cleanUp(log: (line: string) => void = console.error): Promise<void> {
  running ??= (async () => {
    while (undos.length > 0) {
      const { what, undo } = undos.pop()!;
      log(`cleanup: ${what}`);
      try {
        await undo();
      } catch (error) {
        log(`cleanup: could not ${what}: ${(error as Error).message}`);
      }
    }
  })();
  return running;
}

/**
 * Ctrl-C and SIGTERM clean up, then leave with the signal's usual code; so does an uncaught
 * failure, with code 1. One Ctrl-C arrives twice (the terminal signals the whole process group,
 * and tsx relays it to this process), so only a signal a moment after the first counts as asking
 * to leave at once.
 */
export function cleanUpOnExitPaths(log: (line: string) => void = console.error): void {
  let firstAt = 0;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (firstAt > 0) {
        if (Date.now() - firstAt < 2_000) return;
        log(`${signal} again: leaving now; left to undo: ${undos.map((u) => u.what).join(', ')}`);
        process.exit(code);
      }
      firstAt = Date.now();
      log(`${signal}: cleaning up (containers, services, swarm engine, server, temp folders)…`);
      void cleanUp(log).finally(() => process.exit(code));
    });
  }
  // A failure nobody awaited would end the process without the undos.
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(event, (error: unknown) => {
      log(`${event}: ${(error as Error)?.stack ?? String(error)}`);
      void cleanUp(log).finally(() => process.exit(1));
    });
  }
}

/**
 * Resources held for one piece of work: each undo is registered for every exit path as the
 * resource is made, and `release` gives them all back, newest first, on the normal path.
 */
export class ExitScope {
  private readonly held: Array<{ what: string; undo: Undo; forget: () => void }> = [];

  hold(what: string, undo: Undo): void {
    // Once only: a signal's cleanup and this scope's release may both reach it.
    let done: Promise<unknown> | null = null;
    const once = () => (done ??= undo());
    this.held.push({ what, undo: once, forget: onExit(what, once) });
  }

  async release(log: (line: string) => void = console.error): Promise<void> {
    while (this.held.length > 0) {
      const { what, undo, forget } = this.held.pop()!;
      forget();
      try {
        await undo();
      } catch (error) {
        log(`cleanup: could not ${what}: ${(error as Error).message}`);
      }
    }
  }
}
