// Unfinished traffic captures (left under `.partial` when a server stops without storing them)
// are removed once older than any session can be, at start; recent ones are left alone.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CaptureStore } from '#server/services/captureStore.js';
import { createTestApp, testConfig } from '../support/app.js';
import { openTestDatabase } from '../support/databases.js';

const HOUR = 3_600_000;

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vexil-sweep-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** A recording in progress last written `ageMs` ago. */
async function partial(root: string, name: string, ageMs: number) {
  const dir = join(root, '.partial');
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, 'pcap');
  const when = new Date(Date.now() - ageMs);
  await utimes(path, when, when);
}

const partials = async (root: string) => (await readdir(join(root, '.partial'))).sort();

describe('sweeping unfinished captures', () => {
  it('removes only the recordings untouched for longer than the limit', async () => {
    const store = new CaptureStore(join(dataDir, 'captures'));
    await partial(store.root, 'crashed.pcap', 2 * HOUR);
    await partial(store.root, 'running.pcap', 60_000);
    expect(await store.sweepPartial(HOUR)).toBe(1);
    expect(await partials(store.root)).toEqual(['running.pcap']);
  });

  it('finds nothing to do without recordings', async () => {
    expect(await new CaptureStore(join(dataDir, 'nothing')).sweepPartial(HOUR)).toBe(0);
  });

  it('sweeps when the server starts', async () => {
    const root = join(dataDir, 'captures');
    await partial(root, 'crashed.pcap', 2 * HOUR);
    await partial(root, 'running.pcap', 60_000);
    const database = await openTestDatabase('sqlite');
    const app = await createTestApp(database, testConfig({ VEXIL_DATA: dataDir }));
    try {
      expect(await partials(root)).toEqual(['running.pcap']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
