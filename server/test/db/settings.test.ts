import { expect, it } from 'vitest';
import { getAllSettings, setSettings } from '#server/db/repositories/settings.js';
import { describeEachDatabase } from '../support/databases.js';

describeEachDatabase('settings repository', (getDb) => {
  it('round-trips JSON values, updates in place and removes undefined keys', async () => {
    const { db } = getDb();
    expect(await getAllSettings(db)).toEqual({});

    await setSettings(db, {
      'GlobalConfig.Title': 'Vexil',
      'AccountPolicy.AllowRegister': false,
      'CaptchaConfig.HashPow.Difficulty': 18,
      'GlobalConfig.FooterInfo': null,
      'ContainerPolicy.Nested': { a: [1, 'two'] },
    });
    expect(await getAllSettings(db)).toEqual({
      'GlobalConfig.Title': 'Vexil',
      'AccountPolicy.AllowRegister': false,
      'CaptchaConfig.HashPow.Difficulty': 18,
      'GlobalConfig.FooterInfo': null,
      'ContainerPolicy.Nested': { a: [1, 'two'] },
    });

    await setSettings(
      db,
      { 'GlobalConfig.Title': 'Renamed', 'GlobalConfig.FooterInfo': undefined },
      5,
    );
    const all = await getAllSettings(db);
    expect(all['GlobalConfig.Title']).toBe('Renamed');
    expect('GlobalConfig.FooterInfo' in all).toBe(false);
    const row = await db
      .selectFrom('settings')
      .selectAll()
      .where('key', '=', 'GlobalConfig.Title')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ key: 'GlobalConfig.Title', value: '"Renamed"', updated_at: 5 });
  });
});
