// The pool of dynamic-attachment entries (flag + file pairs): an entry reserved by a team goes back
// to the pool when the team, or its registration, is deleted. Upstream keeps such entries marked
// occupied for good, so a small pool runs dry; Vexil frees them in the deleting transaction.
import { expect, it } from 'vitest';
import { createAttachment } from '#server/db/repositories/attachments.js';
import { insertFlags } from '#server/db/repositories/flags.js';
import type { Game } from '#server/db/repositories/games.js';
import { type Caller } from '../../support/app.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { playingTeam } from './support.js';

describeEachDatabase('the dynamic attachment pool', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  /** A game with a DynamicAttachment challenge whose pool holds two entries. */
  async function gameWithPool() {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, {
      type: 'DynamicAttachment',
      fileName: 'task.bin',
      flags: [],
    });
    const entries = [];
    for (const name of ['one', 'two']) {
      const stored = await server.app.files.store(Buffer.from(`pool ${name}`), `${name}.bin`);
      const attachmentId = await createAttachment(server.app.db, {
        type: 'Local',
        fileHash: stored.hash,
      });
      entries.push({
        flag: `flag{pool_${name}}`,
        attachmentId,
        url: `/assets/${stored.hash}/task.bin`,
      });
    }
    await insertFlags(server.app.db, challenge.id, entries);
    return { game, challenge };
  }

  const fileOf = async (call: Caller, game: Game, challengeId: number) => {
    const response = await call({
      method: 'GET',
      url: `/api/game/${game.id}/challenges/${challengeId}`,
    });
    return { status: response.statusCode, url: response.json().context?.url as string | undefined };
  };

  const occupied = async (challengeId: number) =>
    (
      await server.app.db
        .selectFrom('flags')
        .select('occupied')
        .where('challenge_id', '=', challengeId)
        .orderBy('id')
        .execute()
    ).map((row) => row.occupied);

  it("frees a deleted team's entry for the next team", async () => {
    const { game, challenge } = await gameWithPool();
    const first = await playingTeam(server.app, game);
    const second = await playingTeam(server.app, game);
    const firstFile = await fileOf(first.call, game, challenge.id);
    expect((await fileOf(second.call, game, challenge.id)).status).toBe(200);
    expect(await occupied(challenge.id)).toEqual([1, 1]);
    const latecomer = await playingTeam(server.app, game);
    expect((await fileOf(latecomer.call, game, challenge.id)).status).toBe(404);

    // organisers see which entries are taken
    const edit = await admin({
      method: 'GET',
      url: `/api/edit/games/${game.id}/challenges/${challenge.id}`,
    });
    expect(edit.json().flags.map((flag: { occupied: boolean }) => flag.occupied)).toEqual([
      true,
      true,
    ]);

    const deleted = await admin({ method: 'DELETE', url: `/api/admin/teams/${first.team.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await occupied(challenge.id)).sort()).toEqual([0, 1]);
    const afterDelete = await admin({
      method: 'GET',
      url: `/api/edit/games/${game.id}/challenges/${challenge.id}`,
    });
    expect(
      afterDelete.json().flags.filter((flag: { occupied: boolean }) => flag.occupied),
    ).toHaveLength(1);
    expect(await fileOf(latecomer.call, game, challenge.id)).toEqual(firstFile);
    expect(await occupied(challenge.id)).toEqual([1, 1]);
  });

  it('frees the entry of a registration that is withdrawn', async () => {
    const { game, challenge } = await gameWithPool();
    const leaver = await playingTeam(server.app, game);
    const leaverFile = await fileOf(leaver.call, game, challenge.id);
    expect(leaverFile.status).toBe(200);
    // Rejected after playing, the team's last member leaves: the registration goes.
    await server.app.db
      .updateTable('participations')
      .set({ status: 'Rejected' })
      .where('id', '=', leaver.registration.id)
      .execute();
    const left = await leaver.call({ method: 'DELETE', url: `/api/game/${game.id}` });
    expect(left.statusCode, left.body).toBe(200);
    expect(await occupied(challenge.id)).toEqual([0, 0]);

    const others = [await playingTeam(server.app, game), await playingTeam(server.app, game)];
    const files = await Promise.all(others.map((team) => fileOf(team.call, game, challenge.id)));
    expect(files.map((file) => file.status)).toEqual([200, 200]);
    expect(files.map((file) => file.url)).toContain(leaverFile.url);
  });

  it('keeps the entries of teams that stay', async () => {
    const { game, challenge } = await gameWithPool();
    const stays = await playingTeam(server.app, game);
    const goes = await playingTeam(server.app, game);
    const kept = await fileOf(stays.call, game, challenge.id);
    await fileOf(goes.call, game, challenge.id);
    await admin({ method: 'DELETE', url: `/api/admin/teams/${goes.team.id}` });
    expect(await fileOf(stays.call, game, challenge.id)).toEqual(kept);
    expect((await occupied(challenge.id)).sort()).toEqual([0, 1]);
  });
});
