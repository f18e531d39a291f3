// The deployment's mark on the engine (label `vexil.owner`, services/containers/owner.ts): made
// once and the same for every instance of the database, even when instances start their first
// containers at the same moment (each would otherwise label, and sweep, by its own).
import { expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { loadContainerOwner, storedContainerOwner } from '#server/services/containers/owner.js';
import { describeEachDatabase } from '../../support/databases.js';

describeEachDatabase('container owner', (getDb) => {
  it('is made once for every instance, however many ask at once', async () => {
    const database = getDb();
    const other = await openDatabase(database.openOptions);
    try {
      expect(await storedContainerOwner(database.db)).toBeUndefined();
      const owners = await Promise.all(
        Array.from({ length: 6 }, (_, i) => loadContainerOwner(i % 2 ? other.db : database.db)),
      );
      expect(new Set(owners).size).toBe(1);
      expect(await storedContainerOwner(database.db)).toBe(owners[0]);
      expect(await loadContainerOwner(other.db)).toBe(owners[0]);
    } finally {
      await other.close();
    }
  });
});
