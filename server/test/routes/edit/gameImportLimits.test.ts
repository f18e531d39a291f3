// Game import against hostile archives: zip bombs refused by their declared sizes before anything
// is unpacked, lying entries cut off, unsafe entry names named, one import at a time.
import { createHash } from 'node:crypto';
import { watch } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import yazl from 'yazl';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { forgeDeclaredSize, makeZip, renameEntry, sha256Hex } from '../../support/zipArchives.js';

const MiB = 1024 * 1024;
const BOMB_MIB = 256;

const manifest = (files: Array<{ hash: string; name: string }> = []) =>
  JSON.stringify({
    format: 'vexil-game',
    version: 1,
    game: { title: 'Limits' },
    challenges: files.map((file, i) => ({
      type: 'StaticAttachment',
      settings: { title: `c${i}` },
      attachment: { type: 'Local', file },
      flags: [{ flag: 'flag{x}' }],
    })),
  });

/**
 * A 1.25 GiB bomb in a few hundred KB: `game.json`, one real entry of 256 MiB of zeros (which an
 * import that unpacks before checking holds in memory), and four small entries whose central
 * directory records claim 256 MiB each.
 */
async function zipBomb(): Promise<Buffer> {
  const zeros = Buffer.alloc(MiB);
  const hash = createHash('sha256');
  for (let i = 0; i < BOMB_MIB; i += 1) hash.update(zeros);
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(manifest()), 'game.json');
  const chunks = (function* () {
    for (let i = 0; i < BOMB_MIB; i += 1) yield zeros;
  })();
  zip.addReadStream(Readable.from(chunks), `files/${hash.digest('hex')}`, {
    size: BOMB_MIB * MiB,
  });
  for (let i = 0; i < 4; i += 1) {
    const padding = Buffer.from(`padding ${i}`);
    zip.addBuffer(padding, `files/${sha256Hex(padding)}`);
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  let bomb: Buffer = Buffer.concat(parts);
  for (let index = 2; index < 6; index += 1) bomb = forgeDeclaredSize(bomb, BOMB_MIB * MiB, index);
  return bomb;
}

/** The most the process's Buffer memory grew by while `work` ran (sampled, not timed). */
async function bufferGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage().arrayBuffers;
  let peak = base;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  };
  const sampler = setInterval(sample, 2);
  try {
    const result = await work();
    sample();
    return { result, growth: peak - base };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Runs `work` and answers the names created in `folder` meanwhile: an inotify watch, read up to a
 * marker written after `work` (events of one folder arrive in order), so no wait is guessed.
 */
async function createdIn<T>(folder: string, work: () => Promise<T>) {
  await mkdir(folder, { recursive: true });
  const created: string[] = [];
  let markerSeen!: () => void;
  const marker = new Promise<void>((resolve) => (markerSeen = resolve));
  const watcher = watch(folder, (event, name) => {
    if (name === '.marker') markerSeen();
    else if (event === 'rename' && name && !created.includes(name)) created.push(name);
  });
  try {
    const result = await work();
    await writeFile(join(folder, '.marker'), '');
    await marker;
    return { result, created };
  } finally {
    watcher.close();
    await rm(join(folder, '.marker'), { force: true });
  }
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

let bomb: Buffer;
beforeAll(async () => {
  bomb = await zipBomb();
}, 120_000);

describeEachDatabase('game import limits', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const importArchive = async (archive: Buffer) => {
    const response = await admin({
      method: 'POST',
      url: '/api/edit/games/import',
      ...multipart({}, { file: archive }),
    });
    return response;
  };
  const workRoot = () => join(server.app.config.dataDir, 'imports');
  /** Games, file rows, blobs and unpacked files: what a refused import must leave as it was. */
  const state = async () => ({
    games: (await server.app.db.selectFrom('games').select('id').execute()).length,
    files: await server.app.db.selectFrom('files').select(['hash', 'reference_count']).execute(),
    blobs: await filesUnder(server.app.config.storage.path),
    unpacked: await filesUnder(workRoot()),
  });

  it('refuses a zip bomb by its declared sizes, without unpacking or writing anything', async () => {
    expect(bomb.length).toBeLessThan(2 * MiB);
    const before = await state();
    const { result, created } = await createdIn(workRoot(), () =>
      bufferGrowth(() => importArchive(bomb)),
    );
    expect(result.result.statusCode).toBe(400);
    expect(result.result.json().title).toBe('The archive is larger than 1 GiB once unpacked');
    // Unpacking the first 256 MiB entry alone would hold it in memory or write it to disk.
    expect(result.growth).toBeLessThan(64 * MiB);
    expect(created).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it('cuts off an entry that holds more or less than it declares, names it, and leaves nothing', async () => {
    const file = Buffer.from('the content of a file');
    const hash = sha256Hex(file);
    const whole = await makeZip({
      'game.json': manifest([{ hash, name: 'f.txt' }]),
      [`files/${hash}`]: file,
    });
    const before = await state();
    for (const [declared, says] of [
      [3, 'more'],
      [0, 'more'],
      [file.length + 1000, 'less'],
    ] as const) {
      const response = await importArchive(forgeDeclaredSize(whole, declared, 1));
      expect(response.statusCode, String(declared)).toBe(400);
      expect(response.json().title).toBe(`The entry files/${hash} holds ${says} than it declares`);
    }
    // The manifest too is read no further than it declares.
    const manifestLies = await importArchive(forgeDeclaredSize(whole, 10, 0));
    expect(manifestLies.json().title).toBe('The entry game.json holds more than it declares');
    expect(await state()).toEqual(before);
    expect((await importArchive(whole)).statusCode).toBe(200);
    expect((await state()).unpacked).toEqual([]);
  });

  it('names an entry with an unsafe path, a link or odd characters in its 400', async () => {
    const m = manifest();
    const link = Buffer.from('/etc/passwd');
    const cases: Array<[Buffer, string]> = [
      [
        renameEntry(
          await makeZip({ 'game.json': m, 'xx/evil.txt': 'x' }),
          'xx/evil.txt',
          '../evil.txt',
        ),
        'The archive has an entry with a parent folder (..) in its path: ../evil.txt',
      ],
      [
        renameEntry(
          await makeZip({ 'game.json': m, 'files/xx/x': 'x' }),
          'files/xx/x',
          'files/../x',
        ),
        'The archive has an entry with a parent folder (..) in its path: files/../x',
      ],
      [
        renameEntry(
          await makeZip({ 'game.json': m, 'xetc/passwd': 'x' }),
          'xetc/passwd',
          '/etc/passwd',
        ),
        'The archive has an entry with an absolute path: /etc/passwd',
      ],
      [
        renameEntry(
          await makeZip({ 'game.json': m, 'Cx/win.ini': 'x' }),
          'Cx/win.ini',
          'C:/win.ini',
        ),
        'The archive has an entry with an absolute path: C:/win.ini',
      ],
      [
        renameEntry(
          await makeZip({ 'game.json': m, 'files_x.txt': 'x' }),
          'files_x.txt',
          'files\\x.txt',
        ),
        'The archive has an entry with a backslash in its path: files\\x.txt',
      ],
      [
        renameEntry(await makeZip({ 'game.json': m, 'aXb.txt': 'x' }), 'aXb.txt', 'a\nb.txt'),
        'The archive has an entry with a control character in its name: a\\u000ab.txt',
      ],
      [
        await makeZip({ 'game.json': m, 'gpj.\u202Eexe': 'x' }),
        'The archive has an unexpected entry: gpj.\\u202eexe',
      ],
      [
        await makeZip(
          { 'game.json': m, [`files/${sha256Hex(link)}`]: link },
          { [`files/${sha256Hex(link)}`]: 0o120777 },
        ),
        `The archive entry files/${sha256Hex(link)} is a symbolic link`,
      ],
      [
        await makeZip({ 'game.json': m, [`${'a'.repeat(300)}.txt`]: 'x' }),
        `The archive has an unexpected entry: ${'a'.repeat(120)}…`,
      ],
    ];
    const before = await state();
    for (const [archive, title] of cases) {
      const response = await importArchive(archive);
      expect(response.statusCode, title).toBe(400);
      expect(response.json().title).toBe(title);
    }
    expect(await state()).toEqual(before);
  });

  it('runs one import at a time: another one meanwhile gets 429 with Retry-After', async () => {
    const archive = await makeZip({ 'game.json': manifest() });
    let release!: () => void;
    const held = server.app.gameImports.run(() => new Promise<void>((r) => (release = r)));
    try {
      const refused = await importArchive(archive);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.json()).toEqual({
        title: 'Another game import is running on this server: try again in a moment',
        status: 429,
      });
    } finally {
      release();
      await held;
    }
    const before = (await state()).games;
    const both = await Promise.all([importArchive(archive), importArchive(archive)]);
    const statuses = both.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses).toContain(200);
    expect((await state()).games).toBe(before + statuses.filter((s) => s === 200).length);
    expect((await importArchive(archive)).statusCode).toBe(200);
  });
});
