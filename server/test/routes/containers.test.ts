// A team's challenge container on a real Docker engine: started with the team's flag, reachable on
// its entry, extended only inside the renewal window, destroyed with nothing left on the engine;
// and the same through the platform proxy mapping (GUID entry, nothing published).
import { afterAll, expect, it } from 'vitest';
import { findInstance } from '#server/db/repositories/instances.js';
import { groups, type HubMessage } from '#server/services/realtime.js';
import { createGame } from '../support/competition.js';
import { describeWithDocker, ECHO_PORT, readService } from '../support/docker.js';
import { playingTeam } from './game/support.js';
import {
  containerChallenge,
  containerRows,
  destroyContainer,
  extendContainer,
  passGuard,
  setPolicy,
  startContainer,
} from './containerSupport.js';
import { useTestApp } from '../support/harness.js';

const MINUTE = 60_000;

describeWithDocker('team containers on the engine', (getDb, image, engine) => {
  const server = useTestApp(getDb, { config: () => engine.config() });
  afterAll(async () => {
    await engine.removeOwned(await server.app.containers.owner());
  });

  it('runs the team container from start to destroy, with its flag on the entry', async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game);
    const events: HubMessage[] = [];
    // Game events only: monitors also hear every board update (issue 17, the freeze).
    const unsubscribe = server.app.realtime.subscribe(groups.monitors(game.id), (m) =>
      m.target === 'ReceivedGameEvent' ? events.push(m) : undefined,
    );

    const started = await startContainer(team.call, game.id, challenge.id);
    expect(started.statusCode, started.body).toBe(200);
    const info = started.json();
    expect(info.status).toBe('Running');
    expect(info.expectStopAt - info.startedAt).toBe(120 * MINUTE);
    const [row] = await containerRows(server.app, team.registration.id, challenge.id);
    expect(row).toMatchObject({ port: ECHO_PORT, is_proxy: 0, capture: 0, image });
    expect(info.entry).toBe(`${row.public_ip}:${row.public_port}`);

    // The team's flag was fixed on start, and the service answers it on every way in.
    const flag = (await findInstance(server.app.db, team.registration.id, challenge.id))!.flag!;
    expect(flag).toMatch(/^flag\{echo_[0-9a-f]{12}\}$/);
    const answer = [flag, String(team.team.id)];
    expect(await readService('127.0.0.1', row.public_port!)).toEqual(answer);
    expect(await readService(row.ip, row.port)).toEqual(answer);
    const [host, port] = info.entry.split(':');
    expect(await readService(host, Number(port))).toEqual(answer);

    // The engine holds one container (a service on Swarm) with the platform's labels and the challenge's limits.
    const [unit] = await engine.unitsOf([row.id]);
    expect(unit.labels).toMatchObject({
      'vexil.owner': await server.app.containers.owner(),
      'vexil.challenge': String(challenge.id),
      'vexil.game': String(game.id),
      'vexil.team': String(team.team.id),
    });
    expect(await engine.limits(row.engine_id)).toEqual({
      memoryBytes: 64 * 1024 * 1024,
      nanoCpus: 100_000_000,
    });

    // The challenge view shows the entry and the planned stop.
    const view = await team.call({
      method: 'GET',
      url: `/api/game/${game.id}/challenges/${challenge.id}`,
    });
    expect(view.json().context).toMatchObject({
      instanceEntry: info.entry,
      closeTime: info.expectStopAt,
    });

    // Extending waits for the renewal window, then adds to the planned stop, not to now.
    const early = await extendContainer(team.call, game.id, challenge.id);
    expect(early.statusCode).toBe(400);
    expect(early.json().title).toBe("Container's lifetime cannot be extended yet");
    const soon = Date.now() + 5 * MINUTE;
    await server.app.db
      .updateTable('containers')
      .set({ expect_stop_at: soon })
      .where('id', '=', row.id)
      .execute();
    const extended = await extendContainer(team.call, game.id, challenge.id);
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().expectStopAt).toBe(soon + 120 * MINUTE);
    expect((await extendContainer(team.call, game.id, challenge.id)).statusCode).toBe(400);

    await passGuard(server.app, team.registration.id, challenge.id);
    const destroyed = await destroyContainer(team.call, game.id, challenge.id);
    expect(destroyed.statusCode, destroyed.body).toBe(200);
    expect(await containerRows(server.app, team.registration.id, challenge.id)).toEqual([]);
    expect(await engine.unitsOf([row.id])).toEqual([]);
    const gone = await team.call({
      method: 'GET',
      url: `/api/game/${game.id}/challenges/${challenge.id}`,
    });
    expect(gone.json().context).toMatchObject({ instanceEntry: null, closeTime: null });

    // Both ends were recorded and pushed to monitors.
    unsubscribe();
    const values = [String(challenge.id), challenge.title];
    expect(events.map((m) => [m.target, (m.payload as { type: string }).type])).toEqual([
      ['ReceivedGameEvent', 'ContainerStart'],
      ['ReceivedGameEvent', 'ContainerDestroy'],
    ]);
    const stored = await server.app.db
      .selectFrom('game_events')
      .select(['type', 'values', 'user_name', 'team_name'])
      .where('game_id', '=', game.id)
      .orderBy('id')
      .execute();
    expect(stored).toEqual(
      ['ContainerStart', 'ContainerDestroy'].map((type) => ({
        type,
        values: JSON.stringify(values),
        user_name: team.members[0].user.userName,
        team_name: team.team.name,
      })),
    );
  });

  it('gives a static container no flag, only the team id', async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image, {
      type: 'StaticContainer',
      flags: ['flag{static}'],
    });
    const team = await playingTeam(server.app, game);
    const started = await startContainer(team.call, game.id, challenge.id);
    expect(started.statusCode, started.body).toBe(200);
    const [row] = await containerRows(server.app, team.registration.id, challenge.id);
    expect(await readService(row.ip, row.port)).toEqual(['', String(team.team.id)]);
  });

  it('keeps proxied containers internal: the GUID is the entry, nothing is published', async () => {
    await setPolicy(server.app, { portMapping: 'PlatformProxy', enableTrafficCapture: true });
    try {
      const game = await createGame(server.app);
      const captured = await containerChallenge(server.app, game.id, image, {
        enableTrafficCapture: true,
      });
      const plain = await containerChallenge(server.app, game.id, image);
      const team = await playingTeam(server.app, game);
      for (const challenge of [captured, plain]) {
        const started = await startContainer(team.call, game.id, challenge.id);
        expect(started.statusCode, started.body).toBe(200);
        const [row] = await containerRows(server.app, team.registration.id, challenge.id);
        expect(started.json().entry).toBe(row.id);
        expect(row).toMatchObject({ is_proxy: 1, public_ip: null, public_port: null });
        expect(row.capture).toBe(challenge === captured ? 1 : 0);
        const [unit] = await engine.unitsOf([row.id]);
        expect(unit.publishedPorts).toEqual([]);
        expect((await readService(row.ip, row.port))[1]).toBe(String(team.team.id));
        // The proxy knows the container while it runs, and forgets it as soon as it is destroyed.
        const probe = () => server.app.inject({ method: 'GET', url: `/api/proxy/${row.id}` });
        expect((await probe()).statusCode).toBe(204);
        await passGuard(server.app, team.registration.id, challenge.id);
        expect((await destroyContainer(team.call, game.id, challenge.id)).statusCode).toBe(200);
        expect((await probe()).statusCode).toBe(404);
      }
    } finally {
      await setPolicy(server.app, { portMapping: 'Default', enableTrafficCapture: false });
    }
  });
});
