import sharp from 'sharp';
import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { findTeamById } from '#server/db/repositories/teams.js';
import { caller, type Caller } from '../../support/app.js';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { teamWith } from './support.js';

const png = (width: number, height: number, background = '#3366ff') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const hashOf = (url: string) => /^\/assets\/([0-9a-f]{64})\/avatar$/.exec(url)?.[1] ?? '';

describeEachDatabase('PUT /api/team/{id}/avatar', (getDb) => {
  const server = useTestApp(getDb);

  const upload = async (call: Caller, teamId: number, file: Buffer) => {
    const response = await call({
      method: 'PUT',
      url: `/api/team/${teamId}/avatar`,
      ...multipart({}, { file }),
    });
    return response;
  };

  it('stores a 300 px WebP, shows it on the team and releases the previous one', async () => {
    const { team, captain } = await teamWith(server.app);
    const first = await upload(captain.call, team.id, await png(900, 600));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const url = first.json() as string;
    expect(hashOf(url)).not.toBe('');
    const info = await caller(server.app)({ method: 'GET', url: `/api/team/${team.id}` });
    expect(info.json().avatar).toBe(url);
    const image = await caller(server.app)({ method: 'GET', url });
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 200]);

    const second = await upload(captain.call, team.id, await png(20, 20, '#ff0000'));
    expect(await findFileByHash(server.app.db, hashOf(url))).toBeNull();
    expect((await findTeamById(server.app.db, team.id))?.avatarHash).toBe(hashOf(second.json()));
  });

  it('refuses members (403), unknown teams (404), empty and non-image files (400)', async () => {
    const { team, captain, members } = await teamWith(server.app, 1);
    expect((await upload(members[0].call, team.id, await png(10, 10))).statusCode).toBe(403);
    expect((await upload(captain.call, 999999, await png(10, 10))).statusCode).toBe(404);
    for (const file of [Buffer.alloc(0), Buffer.from('not an image')]) {
      expect((await upload(captain.call, team.id, file)).statusCode).toBe(400);
    }
    expect(
      (await upload(captain.call, team.id, Buffer.alloc(3 * 1024 * 1024 + 1, 1))).statusCode,
    ).toBe(413);
    expect((await findTeamById(server.app.db, team.id))?.avatarHash).toBeNull();
  });

  it('releases the avatar when the team is deleted', async () => {
    const { team, captain } = await teamWith(server.app);
    const hash = hashOf((await upload(captain.call, team.id, await png(30, 30, '#00ff00'))).json());
    expect(await findFileByHash(server.app.db, hash)).not.toBeNull();
    const deleted = await captain.call({ method: 'DELETE', url: `/api/team/${team.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(await findFileByHash(server.app.db, hash)).toBeNull();
  });
});
