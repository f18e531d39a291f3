// The flag checker's row locks (db/repositories/rowLocks.ts) must not hold back the submissions
// being stored meanwhile: a new submission refers to its challenge, and on PostgreSQL that takes
// a KEY SHARE lock on the challenge's row. With FOR UPDATE the insert waited for the checker's
// commit (and a multi-row insert, locking its challenges in row order, could deadlock with it).
import { expect, it } from 'vitest';
import { insertSubmissions } from '#server/db/repositories/submissions.js';
import { lockInIdOrder } from '#server/db/repositories/rowLocks.js';
import { createChallenge, createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { playingTeam } from '../routes/game/support.js';

describeEachDatabase('row locks of the flag checker', (getDb) => {
  const server = useTestApp(getDb);

  it('let submissions to the locked challenges be stored before the lock goes', async () => {
    if (server.app.database.dialect !== 'postgres') return; // SQLite: one writer, no row locks
    const game = await createGame(server.app);
    const first = await createChallenge(server.app, game.id);
    const second = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const row = (challengeId: number) => ({
      gameId: game.id,
      challengeId,
      participationId: team.registration.id,
      userId: team.members[0].user.id,
      userName: team.members[0].user.userName,
      answer: 'flag{meanwhile}',
      now: Date.now(),
    });

    const happened: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const checker = server.app.db.transaction().execute(async (trx) => {
      await lockInIdOrder(trx, 'challenges', [first.id, second.id]);
      happened.push('locked');
      await released;
      happened.push('released');
    });
    while (!happened.includes('locked')) await new Promise((resolve) => setTimeout(resolve, 5));
    // Rows in the reverse of the lock order, as a burst of requests may bring them.
    const stored = insertSubmissions(server.app.db, [row(second.id), row(first.id)]).then(() =>
      happened.push('stored'),
    );
    // A blocked insert would wait for the release; the release comes after 5 s at the latest.
    const fallback = setTimeout(release, 5_000);
    await Promise.race([stored, released]);
    release();
    clearTimeout(fallback);
    await Promise.all([stored, checker]);
    expect(happened).toEqual(['locked', 'stored', 'released']);
  });
});
