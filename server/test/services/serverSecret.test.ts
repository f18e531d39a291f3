import { expect, it } from 'vitest';
import { getAllSettings } from '#server/db/repositories/settings.js';
import { loadServerSecret, SECRET_SETTING } from '#server/services/serverSecret.js';
import { describeEachDatabase } from '../support/databases.js';

describeEachDatabase('server secret', (getDb) => {
  it('is generated once, stored, and the same on the next start', async () => {
    const db = getDb().db;
    const first = await loadServerSecret(db);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await getAllSettings(db))[SECRET_SETTING]).toBe(first);
    expect(await loadServerSecret(db)).toBe(first);
  });

  it('comes from VEXIL_SECRET when set, without touching the stored one', async () => {
    const db = getDb().db;
    const stored = await loadServerSecret(db);
    expect(await loadServerSecret(db, 'configured secret value')).toBe('configured secret value');
    expect((await getAllSettings(db))[SECRET_SETTING]).toBe(stored);
  });
});
