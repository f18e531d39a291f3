import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { migrations } from '#server/db/migrations/index.js';
import { MIGRATION_TABLE } from '#server/db/migrations/migrate.js';
import { describeEachDatabase } from '../support/databases.js';

describeEachDatabase('migrations', (getDb) => {
  it('creates every table', async () => {
    const tables = (await getDb().db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'logs', 'settings']));
  });

  it('is idempotent: opening the same database again applies nothing and keeps the data', async () => {
    const first = getDb();
    await first.db.insertInto('settings').values({ key: 'k', value: '1', updated_at: 1 }).execute();

    const again = await openDatabase(first.openOptions);
    try {
      const { rows } = await sql<{
        name: string;
      }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(again.db);
      expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(migrations).sort());
      const settings = await again.db.selectFrom('settings').selectAll().execute();
      expect(settings).toEqual([{ key: 'k', value: '1', updated_at: 1 }]);
    } finally {
      await again.close();
    }
  });
});

describe('in-memory SQLite', () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(() => close?.());

  it('opens migrated with dataDir ":memory:"', async () => {
    const database = await openDatabase({ dataDir: ':memory:' });
    close = database.close;
    expect(database.dialect).toBe('sqlite');
    const { n } = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(0);
  });
});
