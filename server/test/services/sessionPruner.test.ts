// Expired sessions leave the database on a timer, on one instance at a time
// (services/sessionPruner.ts); sessions still valid stay.
import { expect, it } from 'vitest';
import { createSession, findValidSession } from '#server/db/repositories/sessions.js';
import { createUser } from '#server/db/repositories/users.js';
import { startSessionPruner } from '#server/services/sessionPruner.js';
import { LocalClusterLock } from '#server/services/cluster/clusterLock.js';
import { buildNewUser } from '../support/builders.js';
import { describeEachDatabase } from '../support/databases.js';

const HOUR = 3_600_000;
const quiet = { info: () => {}, error: () => {} };

describeEachDatabase('the session pruner', (getDb) => {
  it('removes the expired sessions on its timer and keeps the valid ones', async () => {
    const { db } = getDb();
    const user = await createUser(db, buildNewUser());
    const now = Date.now();
    const meta = { ip: '192.0.2.1', userAgent: 'vitest', ttlMs: HOUR };
    const expired = await createSession(db, user.id, { ...meta, now: now - 2 * HOUR });
    const valid = await createSession(db, user.id, { ...meta, now });
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(2);

    const pruner = startSessionPruner(
      { db, clusterLock: new LocalClusterLock(), log: quiet },
      { intervalMs: 20 },
    );
    try {
      for (let i = 0; i < 500 && (await count()) > 1; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await pruner.stop();
    }
    expect(await count()).toBe(1);
    expect(await findValidSession(db, valid.token, now)).not.toBeNull();
    expect(await findValidSession(db, expired.token, now - 2 * HOUR)).toBeNull();
  });
});
