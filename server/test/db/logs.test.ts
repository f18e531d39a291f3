import { beforeAll, expect, it } from 'vitest';
import { countLogs, insertLogs, listLogs, pruneLogs } from '#server/db/repositories/logs.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildLogEntry } from '../support/builders.js';

const T = 1_700_000_000_000;

describeEachDatabase('logs repository', (getDb) => {
  beforeAll(async () => {
    await insertLogs(getDb().db, [
      buildLogEntry({ time: T + 1, message: 'one' }),
      buildLogEntry({ time: T + 3, message: 'three', level: 'Error', exception: 'boom' }),
      buildLogEntry({ time: T + 2, message: 'two', level: 'Warning', userName: 'alice' }),
      buildLogEntry({ time: T + 3, message: 'three-later', ip: '198.51.100.2', status: '200' }),
    ]);
  });

  it('lists newest first, ties in reverse insertion order', async () => {
    const logs = await listLogs(getDb().db, { skip: 0, count: 10 });
    expect(logs.map((l) => l.message)).toEqual(['three-later', 'three', 'two', 'one']);
    expect(logs[0]).toMatchObject({
      time: T + 3,
      level: 'Information',
      logger: 'Vexil.Test',
      userName: null,
      ip: '198.51.100.2',
      status: '200',
      exception: null,
    });
  });

  it('pages with skip and count', async () => {
    const logs = await listLogs(getDb().db, { skip: 1, count: 2 });
    expect(logs.map((l) => l.message)).toEqual(['three', 'two']);
  });

  it('filters by level', async () => {
    const { db } = getDb();
    const errors = await listLogs(db, { level: 'Error', skip: 0, count: 10 });
    expect(errors.map((l) => [l.message, l.exception])).toEqual([['three', 'boom']]);
    expect(await countLogs(db, 'Warning')).toBe(1);
    expect(await countLogs(db)).toBe(4);
  });

  it('inserts large batches and prunes old entries', async () => {
    const { db } = getDb();
    const old = Array.from({ length: 1200 }, (_, i) => buildLogEntry({ time: T - 10_000 + i }));
    await insertLogs(db, old);
    expect(await countLogs(db)).toBe(1204);
    expect(await pruneLogs(db, T)).toBe(1200);
    expect(await countLogs(db)).toBe(4);
  });
});
