import { beforeAll, expect, it } from 'vitest';
import { signIn } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('/api/admin/files', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');
  beforeAll(async () => {
    for (const name of ['c.txt', 'a.txt', 'b.txt']) {
      await server.app.files.store(Buffer.from(`content of ${name}`), name);
    }
  });

  const list = async (query = '') => {
    const response = await admin({ method: 'GET', url: `/api/admin/files${query}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('pages the files by name with the total of all files', async () => {
    const all = await list();
    expect(all.data.map((f: { name: string }) => f.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(all.data[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(all).toMatchObject({ length: 3, total: 3 });
    const page = await list('?count=1&skip=1');
    expect(page.data.map((f: { name: string }) => f.name)).toEqual(['b.txt']);
    expect(page).toMatchObject({ length: 1, total: 3 });
  });

  it('refuses a page larger than 500 and non-admins', async () => {
    const response = await admin({ method: 'GET', url: '/api/admin/files?count=501' });
    expect(response.statusCode).toBe(400);
    const monitor = await signIn(server.app, 'Monitor');
    expect((await monitor({ method: 'GET', url: '/api/admin/files' })).statusCode).toBe(403);
  });
});
