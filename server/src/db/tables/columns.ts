// Column types shared by every table. Timestamps are epoch milliseconds (bigint on PostgreSQL,
// integer on SQLite, a JS number either way); booleans are stored as 0/1 in both dialects.
import type { ColumnType } from 'kysely';

/** Epoch milliseconds. */
export type EpochMs = number;

/** A boolean stored as an integer (0 = false, 1 = true). */
export type Flag = 0 | 1;

/** Set on insert, never updated. */
export type Immutable<T> = ColumnType<T, T, never>;

export const toFlag = (value: boolean): Flag => (value ? 1 : 0);
export const fromFlag = (value: number): boolean => value !== 0;
