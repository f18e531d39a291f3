export type DialectName = 'sqlite' | 'postgres';

/** What the storage layer may say while opening; a pino logger fits. */
export interface DatabaseLogger {
  info(msg: string): void;
  warn?(msg: string): void;
}
