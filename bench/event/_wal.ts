import { openBenchDatabase } from './database.js';
import { seedGame } from './seed.js';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteFile } from '../../server/src/db/dialects/sqlite.js';
import { GameSolves } from '../../server/src/services/scoreboard/solveCache.js';
import { insertSubmission, settleSubmissions } from '../../server/src/db/repositories/submissions.js';
const bench = await openBenchDatabase('sqlite');
const game = await seedGame(bench.database.db, { tag: 'a', teams: 1000, challenges: 100, submissions: 100000, correctShare: 0.3, zipfExponent: 1, randomSeed: 12 });
const db = bench.database.db;
const reader = openSqliteFile(join(bench.dataDir, 'vexil.db'));
const cache = new GameSolves();
await cache.read(reader, game.id, Date.now() + 1e9);
let stop = false;
const writer = (async () => {
  let n = 0;
  while (!stop) {
    const t = game.teams[n % game.teams.length];
    const c = game.challenges[n % game.challenges.length];
    const id = await insertSubmission(db, { gameId: game.id, challengeId: c.id, participationId: t.participationId, userId: t.userId, userName: 'x', answer: 'f', now: Date.now() });
    if (n % 3 === 0) await settleSubmissions(db, [id], 'Accepted'); else await settleSubmissions(db, [id], 'WrongAnswer');
    n++;
    if (n % 50 === 0) await new Promise((r) => setTimeout(r, 1));
  }
  return n;
})();
for (let i = 0; i < 40; i++) {
  await new Promise((r) => setTimeout(r, 250));
  const t = performance.now();
  await cache.read(reader, game.id, Date.now() + 1e9);
  const wal = statSync(join(bench.dataDir, 'vexil.db-wal')).size;
  console.log('read', (performance.now() - t).toFixed(1), 'wal MB', (wal / 1e6).toFixed(1));
}
stop = true;
console.log('writes', await writer);
await reader.destroy();
await bench.close();
