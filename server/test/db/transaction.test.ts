import { expect, it } from 'vitest';
import { createUser, findUserById } from '#server/db/repositories/users.js';
import { getAllSettings, setSettings } from '#server/db/repositories/settings.js';
import { withTransaction } from '#server/db/transaction.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildNewUser } from '../support/builders.js';

describeEachDatabase('withTransaction', (getDb) => {
  it('commits when the callback resolves and returns its value', async () => {
    const { db } = getDb();
    const user = await withTransaction(db, (trx) => createUser(trx, buildNewUser()));
    expect(await findUserById(db, user.id)).toEqual(user);
  });

  it('rolls back every write when the callback throws, and rethrows', async () => {
    const { db } = getDb();
    let createdId = '';
    const failing = withTransaction(db, async (trx) => {
      createdId = (await createUser(trx, buildNewUser())).id;
      await setSettings(trx, { 'Tx.Key': 1 }); // joins the outer transaction
      throw new Error('abort');
    });
    await expect(failing).rejects.toThrow('abort');
    expect(createdId).not.toBe('');
    expect(await findUserById(db, createdId)).toBeNull();
    expect(await getAllSettings(db)).not.toHaveProperty(['Tx.Key']);
  });
});
