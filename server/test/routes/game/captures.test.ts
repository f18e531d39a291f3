import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, signIn } from '../../support/app.js';
import {
  createChallenge,
  createGame,
  createTeamWithMembers,
  joinAndAccept,
} from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

/** Reads a .tar.gz into { entry name: { content, mtime } }. */
async function readArchive(data: Buffer) {
  const extract = tar.extract();
  const files: Record<string, { content: Buffer; mtime: number | undefined }> = {};
  Readable.from(data).pipe(createGunzip()).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    files[entry.header.name] = {
      content: Buffer.concat(chunks),
      mtime: entry.header.mtime?.getTime(),
    };
  }
  return files;
}

describeEachDatabase('traffic capture files', (getDb) => {
  const server = useTestApp(getDb);
  const monitor = server.as('Monitor');

  /** Writes a capture file as the proxy would leave it, with a fixed modification time. */
  async function putCapture(cid: number, pid: number, name: string, content: string, time: number) {
    const folder = join(server.app.captures.root, String(cid), String(pid));
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, name), content);
    await utimes(join(folder, name), time / 1000, time / 1000);
  }

  async function capturedGame() {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, {
      type: 'DynamicContainer',
      enableTrafficCapture: true,
    });
    const alpha = await createTeamWithMembers(server.app, { name: 'Alpha' });
    const beta = await createTeamWithMembers(server.app, { name: 'Beta' });
    const alphaRegistration = await joinAndAccept(server.app, game, alpha, { division: 'Open' });
    const betaRegistration = await joinAndAccept(server.app, game, beta);
    return { game, challenge, alpha, beta, alphaRegistration, betaRegistration };
  }

  const base = (cid: number, pid?: number) =>
    `/api/game/captures/${cid}${pid === undefined ? '' : `/${pid}`}`;

  it('lists the challenges that record traffic, with their number of captured teams', async () => {
    const { game, challenge, alphaRegistration, betaRegistration } = await capturedGame();
    const disabled = await createChallenge(server.app, game.id, {
      type: 'StaticContainer',
      enableTrafficCapture: true,
      isEnabled: false,
    });
    await createChallenge(server.app, game.id, { type: 'StaticContainer' });
    await putCapture(challenge.id, alphaRegistration.id, 'aaaa0000-1.pcap', 'a', 1_700_000_000_000);
    await putCapture(challenge.id, betaRegistration.id, 'aaaa0000-2.pcap', 'b', 1_700_000_000_000);

    const response = await monitor({ method: 'GET', url: `/api/game/games/${game.id}/captures` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: challenge.id,
        title: challenge.title,
        category: challenge.category,
        type: 'DynamicContainer',
        isEnabled: true,
        count: 2,
      },
      {
        id: disabled.id,
        title: disabled.title,
        category: disabled.category,
        type: 'StaticContainer',
        isEnabled: false,
        count: 0,
      },
    ]);
    const unknown = await monitor({ method: 'GET', url: '/api/game/games/999999/captures' });
    expect(unknown.json()).toEqual([]);
  });

  it('lists the teams with captures, and answers 404 when there are none', async () => {
    const { challenge, alpha, alphaRegistration } = await capturedGame();
    const none = await monitor({ method: 'GET', url: base(challenge.id) });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ title: 'No captured traffic found', status: 404 });

    await putCapture(challenge.id, alphaRegistration.id, 'x-1.pcap', 'one', 1_700_000_000_000);
    await putCapture(challenge.id, alphaRegistration.id, 'x-2.pcap', 'two', 1_700_000_001_000);
    // Folders that are not registrations are ignored.
    await mkdir(join(server.app.captures.root, String(challenge.id), 'not-a-number'), {
      recursive: true,
    });
    await putCapture(challenge.id, 987654, 'orphan.pcap', 'x', 1_700_000_000_000);

    const response = await monitor({ method: 'GET', url: base(challenge.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: alphaRegistration.id,
        teamId: alpha.team.id,
        name: 'Alpha',
        division: 'Open',
        avatar: null,
        count: 2,
      },
    ]);
  });

  it("lists a team's files and downloads one", async () => {
    const { challenge, betaRegistration } = await capturedGame();
    const url = base(challenge.id, betaRegistration.id);
    const empty = await monitor({ method: 'GET', url });
    expect(empty.json()).toEqual([]);

    await putCapture(challenge.id, betaRegistration.id, 'later.pcap', 'second!', 1_700_000_005_000);
    await putCapture(challenge.id, betaRegistration.id, 'first.pcap', 'first', 1_700_000_001_000);
    const list = await monitor({ method: 'GET', url });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { fileName: 'first.pcap', size: 5, updateTime: 1_700_000_001_000 },
      { fileName: 'later.pcap', size: 7, updateTime: 1_700_000_005_000 },
    ]);

    const file = await monitor({ method: 'GET', url: `${url}/later.pcap` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe('attachment; filename="later.pcap"');
    // Recorded traffic is what players sent: never sniffed, sandboxed if ever rendered.
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.body).toBe('second!');

    const missing = await monitor({ method: 'GET', url: `${url}/gone.pcap` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ title: 'No captured traffic found', status: 404 });
  });

  it('downloads all files of a team as a tar.gz named after the challenge and team', async () => {
    const { challenge, alphaRegistration, betaRegistration } = await capturedGame();
    const cid = challenge.id;
    const pid = alphaRegistration.id;
    await putCapture(cid, pid, 'a.pcap', 'alpha one', 1_700_000_001_000);
    await putCapture(cid, pid, 'b.pcap', 'alpha two', 1_700_000_002_000);
    await putCapture(cid, betaRegistration.id, 'c.pcap', 'beta', 1_700_000_003_000);

    const response = await monitor({ method: 'GET', url: `${base(cid, pid)}/all` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    const disposition = String(response.headers['content-disposition']);
    const name = /filename="(Capture-[^"]+)\.tar\.gz"/.exec(disposition)?.[1];
    expect(name).toMatch(new RegExp(`^Capture-${cid}-${pid}-\\d{8}-\\d{2}\\.\\d{2}\\.\\d{2}Z$`));
    const files = await readArchive(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual([`${name}/a.pcap`, `${name}/b.pcap`]);
    expect(files[`${name}/a.pcap`].content.toString()).toBe('alpha one');
    expect(files[`${name}/b.pcap`]).toEqual({
      content: Buffer.from('alpha two'),
      mtime: 1_700_000_002_000,
    });

    const empty = await monitor({ method: 'GET', url: `${base(cid, 424242)}/all` });
    expect(empty.statusCode).toBe(200);
    expect(await readArchive(empty.rawPayload)).toEqual({});
  });

  it('deletes one file, then all files of a team', async () => {
    const { challenge, alphaRegistration } = await capturedGame();
    const url = base(challenge.id, alphaRegistration.id);
    await putCapture(challenge.id, alphaRegistration.id, 'a.pcap', 'a', 1_700_000_001_000);
    await putCapture(challenge.id, alphaRegistration.id, 'b.pcap', 'b', 1_700_000_002_000);
    await putCapture(challenge.id, alphaRegistration.id, 'c.pcap', 'c', 1_700_000_003_000);

    const one = await monitor({ method: 'DELETE', url: `${url}/b.pcap` });
    expect(one.statusCode).toBe(200);
    const again = await monitor({ method: 'DELETE', url: `${url}/b.pcap` });
    expect(again.statusCode).toBe(404);
    expect((await monitor({ method: 'GET', url })).json()).toHaveLength(2);

    const all = await monitor({ method: 'DELETE', url: `${url}/all` });
    expect(all.statusCode).toBe(200);
    expect((await monitor({ method: 'GET', url })).json()).toEqual([]);
    expect((await monitor({ method: 'GET', url: base(challenge.id) })).statusCode).toBe(404);
    expect((await monitor({ method: 'DELETE', url: `${url}/all` })).statusCode).toBe(200);
  });

  it('no longer counts a team once its last file is deleted', async () => {
    const { game, challenge, alphaRegistration } = await capturedGame();
    await putCapture(challenge.id, alphaRegistration.id, 'only.pcap', 'x', 1_700_000_001_000);
    const url = `${base(challenge.id, alphaRegistration.id)}/only.pcap`;
    expect((await monitor({ method: 'DELETE', url })).statusCode).toBe(200);
    const list = await monitor({ method: 'GET', url: `/api/game/games/${game.id}/captures` });
    expect(list.json()[0].count).toBe(0);
  });

  describe('names that try to leave their folder', () => {
    let cid: number;
    let pid: number;
    beforeAll(async () => {
      const { challenge, alphaRegistration, betaRegistration } = await capturedGame();
      cid = challenge.id;
      pid = alphaRegistration.id;
      await putCapture(cid, pid, 'mine.pcap', 'mine', 1_700_000_001_000);
      await putCapture(cid, betaRegistration.id, 'theirs.pcap', 'theirs', 1_700_000_001_000);
      await writeFile(join(server.app.captures.root, 'secret.txt'), 'secret');
      await writeFile(join(server.app.config.dataDir, 'secret.txt'), 'secret');
    });

    // A bare `..` or `%2e%2e` segment is resolved by URL normalisation into another route before
    // it reaches this one; the store refuses such names anyway (last test).
    it.each([
      ['..%2F..%2Fsecret.txt', 400],
      ['..%5C..%5Csecret.txt', 400],
      ['%2E%2E%2F%2E%2E%2F%2E%2E%2Fsecret.txt', 400],
      ['bad%00name', 404],
    ])('refuses %s', async (name, status) => {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await monitor({ method, url: `${base(cid, pid)}/${name}` });
        expect(response.statusCode, `${method} ${name}`).toBe(status);
        expect(response.json().status).toBe(status);
      }
    });

    it('refuses ids that are not positive integers', async () => {
      for (const url of [`/api/game/captures/../${pid}/mine.pcap`, `${base(cid)}/-1/mine.pcap`]) {
        const response = await monitor({ method: 'GET', url });
        expect([400, 404]).toContain(response.statusCode);
        expect(response.body).not.toContain('mine');
      }
    });

    it('never opens or deletes a name outside the folder, even when asked directly', async () => {
      for (const name of ['..', '.', '../secret.txt', `../${pid + 1}/theirs.pcap`, 'a\\b']) {
        expect(await server.app.captures.open(cid, pid, name), name).toBeNull();
        expect(await server.app.captures.remove(cid, pid, name), name).toBe(false);
      }
    });

    it('leaves every file where it was', async () => {
      expect(await readdir(server.app.captures.root)).toContain('secret.txt');
      expect(await readdir(server.app.config.dataDir)).toContain('secret.txt');
      const theirs = await readdir(join(server.app.captures.root, String(cid)));
      expect(theirs).toHaveLength(2);
    });
  });

  it('requires the Monitor role', async () => {
    const { game, challenge, alphaRegistration } = await capturedGame();
    const user = await signIn(server.app, 'User');
    const anonymous = caller(server.app);
    const urls = [
      `/api/game/games/${game.id}/captures`,
      base(challenge.id),
      base(challenge.id, alphaRegistration.id),
      `${base(challenge.id, alphaRegistration.id)}/all`,
      `${base(challenge.id, alphaRegistration.id)}/x.pcap`,
    ];
    for (const url of urls) {
      expect((await user({ method: 'GET', url })).statusCode, url).toBe(403);
      expect((await anonymous({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const admin = await signIn(server.app, 'Admin');
    expect((await admin({ method: 'GET', url: urls[0] })).statusCode).toBe(200);
  });
});
