import { expect, it } from 'vitest';
import { findTeamById, isTeamMember } from '#server/db/repositories/teams.js';
import { caller, type Caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { expectMatchesSpec } from '../../support/spec.js';
import { player, register, teamWith } from './support.js';

describeEachDatabase('team invite codes and joining', (getDb) => {
  const server = useTestApp(getDb);

  const accept = (call: Caller, code: unknown) =>
    call({
      method: 'POST',
      url: '/api/team/accept',
      payload: JSON.stringify(code),
      headers: { 'content-type': 'application/json' },
    });

  it('shows the captain the code and renews it; old codes stop working', async () => {
    const { team, captain } = await teamWith(server.app, 0, { name: 'Red:Team' });
    const read = await captain.call({ method: 'GET', url: `/api/team/${team.id}/invite` });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    const code = read.json() as string;
    expect(code).toBe(`Red:Team:${team.id}:${team.inviteToken}`);
    expect(code).toMatch(/:\d+:[0-9a-f]{32}$/);

    const renewed = await captain.call({ method: 'PUT', url: `/api/team/${team.id}/invite` });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json() as string;
    expect(fresh).not.toBe(code);
    expect(fresh.startsWith(`Red:Team:${team.id}:`)).toBe(true);

    const joiner = await player(server.app);
    const stale = await accept(joiner.call, code);
    expect(stale.statusCode).toBe(400);
    const ok = await accept(joiner.call, fresh);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('');
    expect(await isTeamMember(server.app.db, team.id, joiner.user.id)).toBe(true);
    const info = await joiner.call({ method: 'GET', url: `/api/team/${team.id}` });
    expect(info.json().members).toHaveLength(2);
  });

  it('keeps the code from members (403) and answers 404 for an unknown team', async () => {
    const { team, members } = await teamWith(server.app, 1);
    for (const method of ['GET', 'PUT'] as const) {
      const id = method === 'GET' ? 'teamGetInviteCode' : 'teamUpdateInviteCode';
      const denied = await members[0].call({ method, url: `/api/team/${team.id}/invite` });
      expect(denied.statusCode).toBe(403);
      expectMatchesSpec(id, denied);
      const missing = await members[0].call({ method, url: '/api/team/999999/invite' });
      expect(missing.statusCode).toBe(404);
      expectMatchesSpec(id, missing);
    }
    expect((await findTeamById(server.app.db, team.id))?.inviteToken).toBe(team.inviteToken);
  });

  it('refuses malformed codes, unknown teams, wrong tokens and members', async () => {
    const { team, captain } = await teamWith(server.app);
    const joiner = await player(server.app);
    const good = `${team.name}:${team.id}:${team.inviteToken}`;
    const bad = [
      '',
      'nonsense',
      `${team.name}:${team.id}:${team.inviteToken.toUpperCase()}`,
      `${team.name}:${team.id}:${team.inviteToken.slice(2)}`,
      `${team.name}:999999:${team.inviteToken}`,
      `${team.name}:${team.id}:${'0'.repeat(32)}`,
      `${team.name}:99999999999:${team.inviteToken}`,
    ];
    for (const code of bad) {
      const response = await accept(joiner.call, code);
      expect(response.statusCode, code).toBe(400);
    }
    expect((await accept(joiner.call, 42)).statusCode).toBe(400);
    const again = await accept(captain.call, good);
    expect(again.statusCode).toBe(400);
    expect(await isTeamMember(server.app.db, team.id, joiner.user.id)).toBe(false);
    // The name part is only decoration.
    expect(
      (await accept(joiner.call, `other:name:${team.id}:${team.inviteToken}`)).statusCode,
    ).toBe(200);
    expect((await accept(joiner.call, good)).statusCode).toBe(400);
  });

  it('refuses joining a team locked while playing; a finished game unlocks it', async () => {
    const playing = await teamWith(server.app);
    await register(server.app, playing.team, [playing.captain.user.id]);
    const joiner = await player(server.app);
    const refused = await accept(joiner.call, `x:${playing.team.id}:${playing.team.inviteToken}`);
    expect(refused.statusCode).toBe(400);
    expect(await isTeamMember(server.app.db, playing.team.id, joiner.user.id)).toBe(false);

    // Locked but only pending in a running game: the lock is stale and gets cleared.
    const pendingOnly = await teamWith(server.app, 0, { locked: true });
    expect(
      (await accept(joiner.call, `x:${pendingOnly.team.id}:${pendingOnly.team.inviteToken}`))
        .statusCode,
    ).toBe(200);
    expect((await findTeamById(server.app.db, pendingOnly.team.id))?.locked).toBe(false);

    const finished = await teamWith(server.app);
    await register(server.app, finished.team, [finished.captain.user.id], { endsIn: -1000 });
    const ok = await accept(joiner.call, `x:${finished.team.id}:${finished.team.inviteToken}`);
    expect(ok.statusCode).toBe(200);
    expect((await findTeamById(server.app.db, finished.team.id))?.locked).toBe(false);
  });

  it('answers 401 signed out and 415 to a non-JSON body', async () => {
    const { team } = await teamWith(server.app);
    const code = `${team.name}:${team.id}:${team.inviteToken}`;
    const joiner = await player(server.app);
    const text = await joiner.call({
      method: 'POST',
      url: '/api/team/accept',
      payload: code,
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const anonymous = await accept(caller(server.app), code);
    expect(anonymous.statusCode).toBe(401);
  });
});
