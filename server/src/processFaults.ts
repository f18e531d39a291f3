/**
 * The process's last line of defence. A promise rejection nobody handled is logged and the server
 * goes on: one failed background task is no reason to drop every request in flight. An uncaught
 * exception that is a lost database connection (an `error` event that escaped its handlers) is
 * part of an outage the database's health logs once; the pool replaces the connection. Any other
 * uncaught exception leaves the process in a state nobody planned for: it is logged and the
 * server shuts down cleanly (exit code 1), for the supervisor to start it again; submissions not
 * yet checked are checked at the next start.
 */

export interface FaultLogger {
  error(object: object, message: string): void;
  fatal(object: object, message: string): void;
}

export interface ProcessFaultOptions {
  /** The logger of the moment (the app's once it exists). */
  log: () => FaultLogger;
  /** Reports `error` to the database's health; true when it was a storage fault. */
  isStorageFault: (error: unknown) => boolean;
  /** Closes the server and exits with code 1. */
  shutDown: () => void;
}

export function handleProcessFaults(options: ProcessFaultOptions): void {
  process.on('unhandledRejection', (reason) => {
    if (options.isStorageFault(reason)) return;
    options.log().error({ err: reason }, 'Unhandled promise rejection; the server goes on');
  });
  process.on('uncaughtException', (error, origin) => {
    if (options.isStorageFault(error)) return;
    options.log().fatal({ err: error }, `Uncaught exception (${origin}); shutting down`);
    options.shutDown();
  });
}
