// Portable column helpers for migrations, so one migration serves SQLite and PostgreSQL.
import type { ColumnDataType, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../dialects/index.js';

/** Migrations see an untyped Kysely on purpose: they describe the schema of their own time,
 *  not today's `DB` type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SchemaKysely = Kysely<any>;

/** A migration that knows which dialect it runs on. */
export interface VexilMigration {
  up(db: SchemaKysely, dialect: DialectName): Promise<void>;
  down?(db: SchemaKysely, dialect: DialectName): Promise<void>;
}

/** Epoch-millisecond column type: `bigint` on PostgreSQL, `integer` (64-bit) on SQLite. */
export function epochMs(dialect: DialectName): ColumnDataType {
  return dialect === 'postgres' ? 'bigint' : 'integer';
}

/**
 * Adds an auto-increment integer primary key: `integer primary key autoincrement` on SQLite,
 * `serial primary key` on PostgreSQL. Use with `$call`:
 * `db.schema.createTable('logs').$call(autoIncrementId(dialect))`.
 */
export function autoIncrementId(dialect: DialectName, name = 'id') {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    dialect === 'postgres'
      ? table.addColumn(name, 'serial', (col) => col.primaryKey())
      : table.addColumn(name, 'integer', (col) => col.primaryKey().autoIncrement());
}
