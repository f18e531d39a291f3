/**
 * Tells a failure of the storage itself from any other error, on either driver: the database
 * cannot be reached (PostgreSQL down, restarting or refusing connections, a connection lost),
 * it is busy (SQLite locked beyond its busy timeout, no pooled connection free in time), or the
 * disk is full (SQLite `SQLITE_FULL`, PostgreSQL 53100, `ENOSPC` while writing any file). These
 * are outages, not bugs: the client gets 503 or 507 and may try again; nothing is logged per
 * request.
 *
 * A socket error (`ECONNREFUSED`…) or a driver's message only counts when the error came from the
 * database connection (`markDatabaseError`, done by the observed driver and the pool): the same
 * codes from the container engine, Redis or the mail server are not the database's.
 */

export type StorageFault = 'unreachable' | 'busy' | 'full';

const FROM_DATABASE = Symbol('vexil.databaseError');

/** Marks `error` as thrown by the database connection; answers it. */
export function markDatabaseError<T>(error: T): T {
  if (error && typeof error === 'object' && !(FROM_DATABASE in error)) {
    Object.defineProperty(error, FROM_DATABASE, { value: true });
  }
  return error;
}

const fromDatabase = (error: object) => FROM_DATABASE in error;

/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL: terminated by an administrator, crashed, starting up or shutting down; no more
 * connection slots. (Class 08, connection exceptions, too.)
 */
const POSTGRES_UNREACHABLE = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What node-postgres says, without a code, about a connection it lost or could not make, and how
 * errors read once a worker thread has passed them on (only the message survives the crossing).
 */
const UNREACHABLE_MESSAGE =
  /Connection terminated|not queryable|terminating connection|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|too many clients already|\b(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)\b|disk I\/O error|unable to open database file/;
/** node-postgres waited for a free pooled connection (or a new one) longer than allowed. */
const BUSY_MESSAGE =
  /timeout exceeded when trying to connect|database is locked|database table is locked/;
const FULL_MESSAGE = /database or disk is full|No space left on device|could not extend file/;

function faultOfCode(code: string, marked: boolean): StorageFault | null {
  if (code === 'ENOSPC' || code === '53100' || code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN') return 'unreachable';
  if (POSTGRES_UNREACHABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unreachable';
  if (marked && SOCKET_CODES.has(code)) return 'unreachable';
  return null;
}

function faultOfMessage(message: string): StorageFault | null {
  if (FULL_MESSAGE.test(message)) return 'full';
  if (BUSY_MESSAGE.test(message)) return 'busy';
  if (UNREACHABLE_MESSAGE.test(message)) return 'unreachable';
  return null;
}

/**
 * The storage fault behind `error` (or its cause, or any error of an AggregateError), or null.
 * `marked` says an outer error already came from the database.
 */
export function storageFault(error: unknown, marked = false, depth = 0): StorageFault | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  const database = marked || fromDatabase(error);
  if (typeof code === 'string') {
    const fault = faultOfCode(code, database);
    if (fault) return fault;
    // A constraint violation or a syntax error says what it is by its code.
    if (/^SQLITE_|^[0-9A-Z]{5}$/.test(code)) return null;
  }
  if (database && typeof message === 'string') {
    const fault = faultOfMessage(message);
    if (fault) return fault;
  }
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const fault = storageFault(inner, database, depth + 1);
      if (fault) return fault;
    }
  }
  return storageFault(cause, database, depth + 1);
}

/** A short account of `error` for a log line (an AggregateError has an empty message). */
export function faultMessage(error: unknown): string {
  if (!error || typeof error !== 'object') return String(error);
  const { message, code, errors } = error as {
    message?: unknown;
    code?: unknown;
    errors?: unknown;
  };
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(errors) && errors.length > 0) return faultMessage(errors[0]);
  return typeof code === 'string' ? code : 'unknown error';
}
