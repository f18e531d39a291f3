// Organisers and containers on a real engine: test containers of a challenge (E22, E23), the list
// and removal of team containers (AD20, AD21), and engine containers following a deleted
// challenge, game or team away.
import { afterAll, expect, it } from 'vitest';
import { createGame } from '../support/competition.js';
import { describeWithDocker, readService } from '../support/docker.js';
import { playingTeam } from './game/support.js';
import { containerChallenge, containerRows, startContainer } from './containerSupport.js';
import { useTestApp } from '../support/harness.js';

const HOUR = 3_600_000;

describeWithDocker('organisers and containers', (getDb, image, engine) => {
  const server = useTestApp(getDb, { config: () => engine.config() });
  const admin = server.as('Admin');
  afterAll(async () => {
    await engine.removeOwned(await server.app.containers.owner());
  });

  const testPath = (gameId: number, cId: number) =>
    `/api/edit/games/${gameId}/challenges/${cId}/container`;
  const startTest = async (gameId: number, cId: number) => {
    const response = await admin({ method: 'POST', url: testPath(gameId, cId) });
    return response;
  };
  const stopTest = async (gameId: number, cId: number) => {
    const response = await admin({ method: 'DELETE', url: testPath(gameId, cId) });
    return response;
  };
  const editView = async (gameId: number, cId: number) => {
    const response = await admin({
      method: 'GET',
      url: `/api/edit/games/${gameId}/challenges/${cId}`,
    });
    return response.json();
  };
  const testRow = (cId: number) =>
    server.app.db
      .selectFrom('containers')
      .selectAll()
      .where('challenge_id', '=', cId)
      .where('game_instance_id', 'is', null)
      .execute();

  it('runs a test container with the test flag for 2 hours, replaces it and stops it', async () => {
    const game = await createGame(server.app);
    const plain = await containerChallenge(server.app, game.id, image, { flagTemplate: null });
    const templated = await containerChallenge(server.app, game.id, image, {
      flagTemplate: 'flag{t_[TEAM_HASH]}',
    });
    for (const [challenge, flag] of [
      [plain, 'flag{vexil_dynamic_flag_test}'],
      [templated, 'flag{t_TestTeamHash}'],
    ] as const) {
      const started = await startTest(game.id, challenge.id);
      expect(started.statusCode, started.body).toBe(200);
      const info = started.json();
      expect(info.expectStopAt - info.startedAt).toBe(2 * HOUR);
      expect((await editView(game.id, challenge.id)).testContainer).toEqual(info);
      const [row] = await testRow(challenge.id);
      expect(await readService(row.ip, row.port)).toEqual([flag, 'admin']);
    }

    const [first] = await testRow(plain.id);
    expect((await startTest(game.id, plain.id)).statusCode).toBe(200);
    const [second] = await testRow(plain.id);
    expect(second.id).not.toBe(first.id);
    expect(await engine.unitsOf([first.id])).toEqual([]);

    const list = await admin({ method: 'GET', url: '/api/admin/instances' });
    expect(list.json().data.map((c: { containerGuid: string }) => c.containerGuid)).not.toContain(
      second.id,
    );

    expect((await stopTest(game.id, plain.id)).statusCode).toBe(200);
    expect(await testRow(plain.id)).toEqual([]);
    expect(await engine.unitsOf([second.id])).toEqual([]);
    expect((await editView(game.id, plain.id)).testContainer).toBeNull();
    expect((await stopTest(game.id, plain.id)).statusCode).toBe(200);
  });

  it('refuses test containers for what cannot have one', async () => {
    const game = await createGame(server.app);
    const attachment = await containerChallenge(server.app, game.id, image, {
      type: 'StaticAttachment',
      flags: ['flag{a}'],
    });
    const noImage = await containerChallenge(server.app, game.id, '');
    const refused = await startTest(game.id, attachment.id);
    expect(refused.json()).toEqual({
      title: 'This challenge cannot create a container',
      status: 400,
    });
    const unset = await startTest(game.id, noImage.id);
    expect(unset.json()).toEqual({ title: 'Container Configuration Error', status: 400 });
    expect((await startTest(game.id, 999_999)).statusCode).toBe(404);
    expect((await stopTest(game.id, 999_999)).statusCode).toBe(404);
    expect(await testRow(attachment.id)).toEqual([]);
  });

  it('lists team containers for administrators and destroys one by its GUID', async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game);
    expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(200);
    const [row] = await containerRows(server.app, team.registration.id, challenge.id);

    const list = await admin({ method: 'GET', url: '/api/admin/instances' });
    const body = list.json();
    expect(body.total).toBe(body.length);
    expect(body.data).toContainEqual({
      team: { id: team.team.id, name: team.team.name, avatar: null },
      challenge: { id: challenge.id, title: challenge.title, category: challenge.category },
      game: { id: game.id, title: game.title },
      image,
      containerGuid: row.id,
      containerId: row.engine_id,
      startedAt: Number(row.started_at),
      expectStopAt: Number(row.expect_stop_at),
      ip: row.public_ip,
      port: row.public_port,
    });

    const url = `/api/admin/instances/${row.id}`;
    const destroyed = await admin({ method: 'DELETE', url });
    expect(destroyed.statusCode).toBe(200);
    expect(await engine.unitsOf([row.id])).toEqual([]);
    expect(await containerRows(server.app, team.registration.id, challenge.id)).toEqual([]);
    const again = await admin({ method: 'DELETE', url });
    expect(again.statusCode).toBe(404);
  });

  it('removes the engine containers of a deleted challenge, game or team', async () => {
    const deletions = [
      (gameId: number, cId: number) => `/api/edit/games/${gameId}/challenges/${cId}`,
      (gameId: number) => `/api/edit/games/${gameId}`,
      (_g: number, _c: number, teamId: number) => `/api/admin/teams/${teamId}`,
    ];
    for (const url of deletions) {
      const game = await createGame(server.app);
      const challenge = await containerChallenge(server.app, game.id, image);
      const team = await playingTeam(server.app, game);
      expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(200);
      const [row] = await containerRows(server.app, team.registration.id, challenge.id);
      const deleted = await admin({
        method: 'DELETE',
        url: url(game.id, challenge.id, team.team.id),
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      await server.app.containers.idle();
      expect(await engine.unitsOf([row.id])).toEqual([]);
    }
  });
});
