import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseLogger, DialectName } from '../dialects/index.js';
import type { SchemaKysely } from './columns.js';
import { migrations, type VexilMigration } from './index.js';

export const MIGRATION_TABLE = 'vexil_migration';
export const MIGRATION_LOCK_TABLE = 'vexil_migration_lock';

/** Serves the in-code migrations, each bound to the dialect it runs on. */
export class InCodeMigrationProvider implements MigrationProvider {
  constructor(
    private readonly dialect: DialectName,
    private readonly source: Record<string, VexilMigration> = migrations,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const bound: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(this.source)) {
      const { down } = migration;
      bound[name] = {
        up: (db) => migration.up(db, this.dialect),
        down: down && ((db) => down.call(migration, db, this.dialect)),
      };
    }
    return bound;
  }
}

export function createMigrator(db: SchemaKysely, dialect: DialectName): Migrator {
  return new Migrator({
    db,
    provider: new InCodeMigrationProvider(dialect),
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
}

/** Applies every pending migration (in one transaction per run); throws on the first failure. */
export async function migrateToLatest(
  db: SchemaKysely,
  dialect: DialectName,
  logger?: DatabaseLogger,
): Promise<void> {
  const { error, results } = await createMigrator(db, dialect).migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger?.info(`Migration applied: ${result.migrationName}`);
    if (result.status === 'Error') logger?.info(`Migration failed: ${result.migrationName}`);
  }
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
}
