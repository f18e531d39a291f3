/**
 * Opening the database at start, when it may not be there yet (PostgreSQL still starting, a
 * container started before its database): every attempt that fails because the database cannot
 * be reached (or is busy) is logged in one line and tried again after a delay that doubles up to
 * a few seconds, until it works or the configured time is up. Any other failure (a wrong
 * password, a migration that fails) ends the start at once: waiting would not mend it.
 */
import { openDatabase, type Database, type OpenDatabaseOptions } from './database.js';
import { faultMessage, storageFault } from './faults.js';

export interface StartLogger {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface WaitForDatabaseOptions {
  log: StartLogger;
  /** Gives up after this long; 0 keeps trying. */
  giveUpAfterMs: number;
  firstDelayMs?: number;
  longestDelayMs?: number;
}

const FIRST_DELAY_MS = 250;
const LONGEST_DELAY_MS = 5000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function openDatabaseWhenReachable(
  options: Omit<OpenDatabaseOptions, 'logger'>,
  wait: WaitForDatabaseOptions,
): Promise<Database> {
  const { log, giveUpAfterMs } = wait;
  const began = Date.now();
  // "Database: PostgreSQL" once, not once per attempt.
  const said = new Set<string>();
  const logger = {
    info: (msg: string) => {
      if (said.has(msg)) return;
      said.add(msg);
      log.info(msg);
    },
  };
  let delay = wait.firstDelayMs ?? FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      const database = await openDatabase({ ...options, logger });
      if (attempt > 1) log.info(`The database answered at attempt ${attempt}`);
      return database;
    } catch (error) {
      const fault = storageFault(error);
      if (fault !== 'unreachable' && fault !== 'busy') throw error;
      const message = faultMessage(error);
      if (giveUpAfterMs > 0 && Date.now() + delay - began > giveUpAfterMs) {
        throw new Error(
          `The database was not reachable within ${Math.round(giveUpAfterMs / 1000)} s (${message})`,
          { cause: error },
        );
      }
      log.warn(
        `The database is not reachable yet (${message}); attempt ${attempt}, next in ${(delay / 1000).toFixed(1)} s`,
      );
      await sleep(delay);
      delay = Math.min(delay * 2, wait.longestDelayMs ?? LONGEST_DELAY_MS);
    }
  }
}
