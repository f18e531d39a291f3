// Where uploaded files are kept (issue 16): the `VEXIL_STORAGE` setting and its folder
// `VEXIL_STORAGE_PATH` (the data folder's `files/` unless given), refused when unknown; the store
// the setting names is the one the app writes to; and two instances configured with one folder
// (a shared volume) serve each other's uploads, while an instance with another folder has none.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { LocalBlobStore } from '#server/services/blobStore.js';
import { blobStoreFor } from '#server/services/blobStoreFor.js';
import { signIn, testConfig } from '../support/app.js';
import { multipart } from '../support/badInputs.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApps } from '../support/harness.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('the storage setting', () => {
  it('keeps files in the data folder unless a folder is named', () => {
    expect(loadConfig({ VEXIL_DATA: '/srv/vexil' }, '/app').storage).toEqual({
      kind: 'local',
      path: '/srv/vexil/files',
    });
    expect(loadConfig({}, '/app').storage).toEqual({ kind: 'local', path: '/app/data/files' });
    expect(
      loadConfig({ VEXIL_STORAGE: ' Local ', VEXIL_STORAGE_PATH: 'shared/files' }, '/app').storage,
    ).toEqual({ kind: 'local', path: '/app/shared/files' });
    expect(loadConfig({ VEXIL_STORAGE: '', VEXIL_STORAGE_PATH: '/mnt/vexil' }).storage).toEqual({
      kind: 'local',
      path: '/mnt/vexil',
    });
  });

  it('refuses to start with a storage it does not know, naming the choices', () => {
    for (const wrong of ['s3', 'nfs', 'local2']) {
      expect(() => loadConfig({ VEXIL_STORAGE: wrong })).toThrow(
        'VEXIL_STORAGE must be one of local',
      );
    }
  });

  it('makes the store the setting names, writing in its folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vexil-storage-'));
    try {
      const store = blobStoreFor({ kind: 'local', path: folder });
      expect(store).toBeInstanceOf(LocalBlobStore);
      const data = Buffer.from(`stored ${Math.random()}`);
      const hash = sha256(data);
      await store.put(hash, data);
      expect(existsSync(join(folder, hash.slice(0, 2), hash))).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describeEachDatabase('files on a shared storage folder', (getDb) => {
  const start = useTestApps(getDb);
  const shared = mkdtempSync(join(tmpdir(), 'vexil-shared-files-'));
  afterAll(() => rm(shared, { recursive: true, force: true }));

  async function upload(app: FastifyInstance, data: Buffer) {
    const admin = await signIn(app, 'Admin');
    const response = await admin({
      method: 'POST',
      url: '/api/assets',
      ...multipart({}, { files: data }),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const fetch = (app: FastifyInstance, data: Buffer) =>
    app.inject({ method: 'GET', url: `/assets/${sha256(data)}/f.bin` });

  it('serves through each instance what was uploaded through the other', async () => {
    const one = await start(testConfig({ VEXIL_STORAGE_PATH: shared }));
    const two = await start(testConfig({ VEXIL_STORAGE: 'local', VEXIL_STORAGE_PATH: shared }));
    // Its own folder (the default in its data folder): it has the rows, not the files.
    const alone = await start(testConfig());

    const first = Buffer.from(`through one ${Math.random()}`);
    const second = Buffer.from(`through two ${Math.random()}`);
    await upload(one, first);
    await upload(two, second);
    expect(existsSync(join(shared, sha256(first).slice(0, 2), sha256(first)))).toBe(true);
    for (const app of [one, two]) {
      for (const data of [first, second]) {
        const served = await fetch(app, data);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload).toEqual(data);
      }
    }
    expect((await fetch(alone, first)).statusCode).toBe(404);
  });
});
