import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('GET /api/admin/logs', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const logs = async (query: Record<string, string> = {}) => {
    const response = await admin({ method: 'GET', url: '/api/admin/logs', query });
    expect(response.statusCode).toBe(200);
    return response.json() as Array<Record<string, unknown>>;
  };

  it('returns stored server log entries, newest first, in the wire shape', async () => {
    server.app.log.info(
      { userName: 'alice', ip: '192.0.2.7', taskStatus: 'Success' },
      'alice did a thing',
    );
    server.app.log.debug('too chatty to keep');
    server.app.log.warn('disk almost full');
    const entries = await logs();
    expect(entries[0]).toMatchObject({ level: 'Warning', msg: 'disk almost full', name: 'System' });
    const alice = entries.find((e) => e.msg === 'alice did a thing');
    expect(alice).toEqual({
      time: expect.any(Number),
      name: 'alice',
      level: 'Information',
      ip: '192.0.2.7',
      msg: 'alice did a thing',
      status: 'Success',
    });
    expect(entries.some((e) => e.msg === 'too chatty to keep')).toBe(false);
  });

  it('filters by level and pages with count and skip', async () => {
    server.app.log.error({ err: new Error('kaput') }, 'job failed');
    for (let i = 0; i < 5; i++) server.app.log.info(`page entry ${i}`);
    const errors = await logs({ level: 'Error' });
    expect(errors.every((e) => e.level === 'Error')).toBe(true);
    expect(errors[0]).toMatchObject({ status: 'Failed', msg: expect.stringContaining('kaput') });
    const firstTwo = await logs({ count: '2' });
    const nextTwo = await logs({ count: '2', skip: '2' });
    expect(firstTwo.map((e) => e.msg)).toEqual(['page entry 4', 'page entry 3']);
    expect(nextTwo.map((e) => e.msg)).toEqual(['page entry 2', 'page entry 1']);
  });
});
