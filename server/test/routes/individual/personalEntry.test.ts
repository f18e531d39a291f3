// Individual play (issue 25): a player's personal entry is not among their teams, reads like a
// team (`personal: true`), refuses every team operation that would change it, does not count in
// the captain limit, follows the player's name and avatar, and goes with the account.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { findParticipationOfUser } from '#server/db/repositories/participations.js';
import { findPersonalEntry } from '#server/db/repositories/personalEntries.js';
import { findTeamById, type Team } from '#server/db/repositories/teams.js';
import { caller, type Caller } from '../../support/app.js';
import { multipart } from '../../support/badInputs.js';
import {
  createGame,
  createMember,
  createTeamWithMembers,
  type Member,
} from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

const UNCHANGEABLE = {
  title: 'A personal entry cannot be changed through the team operations',
  status: 400,
};

const png = (background: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();

/** Polls `read` until `done` holds (bounded): boards are rebuilt soon after a write, not at once. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 300 && !done(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describeEachDatabase('individual play: personal entries', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  /** A player registered in a new individual game, with their entry. */
  async function soloPlayer(
    player?: Member,
  ): Promise<{ player: Member; entry: Team; gameId: number }> {
    const game = await createGame(server.app, { playMode: 'Individual' });
    const who = player ?? (await createMember(server.app));
    const joined = await who.call({ method: 'POST', url: `/api/game/${game.id}`, payload: {} });
    expect(joined.statusCode, joined.body).toBe(200);
    const entry = await findPersonalEntry(server.app.db, who.user.id);
    return { player: who, entry: entry!, gameId: game.id };
  }

  it('is not listed among the player’s teams, and reads as personal', async () => {
    const { player, entry } = await soloPlayer();
    const own = await player.call({
      method: 'POST',
      url: '/api/team',
      payload: { name: 'Ordinary' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ personal: false });

    const listed = await player.call({ method: 'GET', url: '/api/team' });
    expect(listed.json().map((t: { name: string }) => t.name)).toEqual(['Ordinary']);

    const read = await caller(server.app)({ method: 'GET', url: `/api/team/${entry.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: entry.id,
      name: player.user.userName,
      personal: true,
      members: [{ id: player.user.id, captain: true }],
    });

    const found = await admin({
      method: 'POST',
      url: `/api/admin/teams/search?hint=${entry.id}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    const inList = found.json().data.find((t: { id: number }) => t.id === entry.id);
    expect(inList).toMatchObject({ personal: true });
  });

  it('refuses every team operation that would change it', async () => {
    const { player, entry } = await soloPlayer();
    const other = await createMember(server.app);
    const call = player.call;
    const refusals: [Caller, Parameters<Caller>[0]][] = [
      [call, { method: 'PUT', url: `/api/team/${entry.id}`, payload: { name: 'Renamed' } }],
      [call, { method: 'DELETE', url: `/api/team/${entry.id}` }],
      [
        call,
        {
          method: 'PUT',
          url: `/api/team/${entry.id}/avatar`,
          ...multipart({}, { file: await png('#00f') }),
        },
      ],
      [call, { method: 'GET', url: `/api/team/${entry.id}/invite` }],
      [call, { method: 'PUT', url: `/api/team/${entry.id}/invite` }],
      [
        other.call,
        {
          method: 'POST',
          url: '/api/team/accept',
          payload: JSON.stringify(`${entry.name}:${entry.id}:${entry.inviteToken}`),
          headers: { 'content-type': 'application/json' },
        },
      ],
      [call, { method: 'POST', url: `/api/team/${entry.id}/leave` }],
      [call, { method: 'POST', url: `/api/team/${entry.id}/kick/${other.user.id}` }],
      [
        call,
        {
          method: 'PUT',
          url: `/api/team/${entry.id}/transfer`,
          payload: { newCaptainId: other.user.id },
        },
      ],
    ];
    for (const [who, request] of refusals) {
      const response = await who(request);
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual(UNCHANGEABLE);
    }
    const after = await findTeamById(server.app.db, entry.id);
    expect(after).toEqual(entry);
    expect(await findPersonalEntry(server.app.db, other.user.id)).toBeNull();

    // An administrator cannot rename it either (rename the player), but may change the rest.
    const renamed = await admin({
      method: 'PUT',
      url: `/api/admin/teams/${entry.id}`,
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual(UNCHANGEABLE);
    const bio = await admin({
      method: 'PUT',
      url: `/api/admin/teams/${entry.id}`,
      payload: { name: entry.name, bio: 'seen' },
    });
    expect(bio.statusCode, bio.body).toBe(200);
    expect(await findTeamById(server.app.db, entry.id)).toMatchObject({
      name: entry.name,
      bio: 'seen',
    });
  });

  it('does not count in the captain limit of three teams', async () => {
    const { player } = await soloPlayer();
    for (const name of ['One', 'Two', 'Three']) {
      const made = await player.call({ method: 'POST', url: '/api/team', payload: { name } });
      expect(made.statusCode, made.body).toBe(200);
    }
    const fourth = await player.call({
      method: 'POST',
      url: '/api/team',
      payload: { name: 'Four' },
    });
    expect(fourth.statusCode).toBe(400);
  });

  it('is renamed with the player, on the board too', async () => {
    const { player, entry, gameId } = await soloPlayer();
    const boardNames = () =>
      caller(server.app)({ method: 'GET', url: `/api/game/${gameId}/scoreboard` }).then(
        (r) => r.json().items.map((i: { name: string }) => i.name) as string[],
      );
    expect(await eventually(boardNames, (names) => names.length === 1)).toEqual([entry.name]);

    const update = await player.call({
      method: 'PUT',
      url: '/api/account/update',
      payload: { userName: 'soloist1' },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await findTeamById(server.app.db, entry.id))?.name).toBe('soloist1');
    expect(await eventually(boardNames, (names) => names[0] === 'soloist1')).toEqual(['soloist1']);

    const byAdmin = await admin({
      method: 'PUT',
      url: `/api/admin/users/${player.user.id}`,
      payload: { userName: 'soloist2' },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await findTeamById(server.app.db, entry.id))?.name).toBe('soloist2');

    // A taken name changes neither.
    const taken = await createMember(server.app);
    const refused = await player.call({
      method: 'PUT',
      url: '/api/account/update',
      payload: { userName: taken.user.userName },
    });
    expect(refused.statusCode).toBe(400);
    expect((await findTeamById(server.app.db, entry.id))?.name).toBe('soloist2');
  });

  it('shows the player’s avatar, taken when made and kept in step', async () => {
    const player = await createMember(server.app);
    const upload = (color: string) =>
      png(color).then((file) =>
        player.call({ method: 'PUT', url: '/api/account/avatar', ...multipart({}, { file }) }),
      );
    const first = await upload('#f00');
    expect(first.statusCode).toBe(200);
    const { entry } = await soloPlayer(player);
    const read = await caller(server.app)({ method: 'GET', url: `/api/team/${entry.id}` });
    expect(read.json().avatar).toBe(first.json());

    const second = await upload('#0f0');
    const again = await caller(server.app)({ method: 'GET', url: `/api/team/${entry.id}` });
    expect(again.json().avatar).toBe(second.json());
    // The first image had two references (account and entry): both are gone.
    const hashOf = (url: string) => /\/assets\/([0-9a-f]{64})\//.exec(url)![1];
    expect(await findFileByHash(server.app.db, hashOf(first.json()))).toBeNull();
    expect(await findFileByHash(server.app.db, hashOf(second.json()))).toMatchObject({
      referenceCount: 2,
    });
  });

  it('goes with the account: an administrator deletes a player with their entry', async () => {
    const { player, entry, gameId } = await soloPlayer();
    // Captaining their own entry does not block the deletion; an ordinary team still does.
    const gone = await admin({ method: 'DELETE', url: `/api/admin/users/${player.user.id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await findTeamById(server.app.db, entry.id)).toBeNull();
    expect(await findParticipationOfUser(server.app.db, gameId, player.user.id)).toBeNull();

    const { player: captain } = await soloPlayer();
    await createTeamWithMembers(server.app).then(({ team }) =>
      server.app.db
        .updateTable('teams')
        .set({ captain_id: captain.user.id })
        .where('id', '=', team.id)
        .execute(),
    );
    const refused = await admin({ method: 'DELETE', url: `/api/admin/users/${captain.user.id}` });
    expect(refused.statusCode).toBe(400);
    expect(await findPersonalEntry(server.app.db, captain.user.id)).not.toBeNull();
  });
});
