// The container start queue (issue 24) on a real engine, once per provider and database: many
// teams pressing Start at once all get their container while the engine never has more than
// `VEXIL_CONTAINER_STARTS` creates in flight; a waiting start tells its place in line, which only
// moves up; the team limit counts queued starts; a start cancelled while queued or while starting
// leaves nothing on the engine; a hang-up is tried again and counted, and a refusal reaches the
// player once, with its reason. The engine's creates are seen through the provider, wrapped in
// place (support/providerProbe.ts): a gate holds them while the suite looks at the queue.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import { createGame } from '../support/competition.js';
import { describeWithDocker } from '../support/docker.js';
import { useTestApp } from '../support/harness.js';
import { METRICS_TOKEN, readMetric } from '../support/metrics.js';
import { probeProviders, type ProviderProbe } from '../support/providerProbe.js';
import { playingTeam, type PlayingTeam } from './game/support.js';
import {
  challengeContext,
  containerChallenge,
  containerRows,
  destroyContainer,
  passGuard,
  setPolicy,
  startContainer,
} from './containerSupport.js';

const SLOTS = 2;
const TEAMS = 30;
/** A generous bound on waiting for the engine: never a measure of its speed. */
const ENGINE_WAIT = { timeout: 240_000, interval: 200 };

describeWithDocker('container start queue', (getDb, image, engine) => {
  const server = useTestApp(getDb, {
    config: () =>
      engine.config({
        VEXIL_CONTAINER_STARTS: String(SLOTS),
        // Start answers at once: the suite follows each start in the team's view.
        VEXIL_CONTAINER_START_WAIT: '0',
        VEXIL_METRICS_TOKEN: METRICS_TOKEN,
      }),
  });
  let probe: ProviderProbe;
  beforeAll(() => {
    probe = probeProviders(server.app);
  });
  afterEach(() => probe.release());
  afterAll(async () => {
    probe?.restore();
    await engine.removeOwned(await server.app.containers.owner());
  });

  async function teamsOf(game: Game, count: number) {
    const teams: PlayingTeam[] = [];
    for (let i = 0; i < count; i++) teams.push(await playingTeam(server.app, game));
    return teams;
  }

  const contexts = (teams: PlayingTeam[], gameId: number, challengeId: number) =>
    Promise.all(teams.map((team) => challengeContext(team.call, gameId, challengeId)));

  const unitsOfChallenge = async (challengeId: number) =>
    engine.unitsLabelled({
      'vexil.owner': await server.app.containers.owner(),
      'vexil.challenge': String(challengeId),
    });

  it(`starts ${TEAMS} teams at once, ${SLOTS} creates at a time, each getting its container`, async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image);
    const teams = await teamsOf(game, TEAMS);
    probe.hold();

    const answers = await Promise.all(
      teams.map((team) => startContainer(team.call, game.id, challenge.id)),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ status: 'Pending', entry: '' });
      expect(answer.json().queuePosition).toBeGreaterThanOrEqual(0);
      expect(answer.json().expectStopAt - answer.json().startedAt).toBe(120 * 60_000);
    }

    // The engine has two creates; the others wait in line, each at its own place.
    await expect.poll(() => probe.inFlight, ENGINE_WAIT).toBe(SLOTS);
    let views = await contexts(teams, game.id, challenge.id);
    const starting = views.filter((v) => v.containerStart?.state === 'Starting');
    const queued = views.filter((v) => v.containerStart?.state === 'Queued');
    expect(starting.map((v) => v.containerStart!.position)).toEqual([0, 0]);
    expect(queued.map((v) => v.containerStart!.position).sort((a, b) => a - b)).toEqual(
      Array.from({ length: TEAMS - SLOTS }, (_, i) => i + 1),
    );
    expect(views.every((v) => v.instanceEntry === null)).toBe(true);
    expect(await readMetric(server.app, 'vexil_container_starts_starting')).toBe(SLOTS);
    expect(await readMetric(server.app, 'vexil_container_starts_queued')).toBe(TEAMS - SLOTS);

    // One create through: its team runs, the next in line starts, everyone else moves up one.
    const before = views.map((v) => v.containerStart);
    probe.release(1);
    await expect
      .poll(
        async () =>
          (await contexts(teams, game.id, challenge.id)).filter((v) => v.instanceEntry).length,
        ENGINE_WAIT,
      )
      .toBe(1);
    await expect.poll(() => probe.inFlight, ENGINE_WAIT).toBe(SLOTS);
    views = await contexts(teams, game.id, challenge.id);
    views.forEach((view, i) => {
      const was = before[i]!;
      if (was.state === 'Queued' && was.position === 1) {
        expect(view.containerStart).toEqual({ state: 'Starting', position: 0, reason: null });
      } else if (was.state === 'Queued') {
        expect(view.containerStart).toEqual({
          state: 'Queued',
          position: was.position - 1,
          reason: null,
        });
      }
    });

    // Everything through: every team runs its own container, and the engine never had more than
    // two creates at once.
    probe.release();
    await expect
      .poll(
        async () =>
          (await contexts(teams, game.id, challenge.id)).filter((v) => v.instanceEntry).length,
        ENGINE_WAIT,
      )
      .toBe(TEAMS);
    views = await contexts(teams, game.id, challenge.id);
    expect(views.every((v) => v.containerStart === null)).toBe(true);
    expect(probe.maxInFlight).toBe(SLOTS);
    const rows = (
      await Promise.all(
        teams.map((t) => containerRows(server.app, t.registration.id, challenge.id)),
      )
    ).flat();
    expect(rows).toHaveLength(TEAMS);
    const units = await unitsOfChallenge(challenge.id);
    expect(units.map((u) => u.id).sort()).toEqual(rows.map((r) => r.engine_id).sort());
    expect(await readMetric(server.app, 'vexil_container_starts_queued')).toBe(0);
    expect(
      await readMetric(server.app, 'vexil_container_start_queue_wait_seconds_count'),
    ).toBeGreaterThanOrEqual(TEAMS);

    // And all of them go again, leaving nothing on the engine.
    for (const team of teams) await passGuard(server.app, team.registration.id, challenge.id);
    const destroyed = await Promise.all(
      teams.map((team) => destroyContainer(team.call, game.id, challenge.id)),
    );
    expect(destroyed.map((d) => d.statusCode)).toEqual(teams.map(() => 200));
    expect(await unitsOfChallenge(challenge.id)).toEqual([]);
  }, 600_000);

  it('counts queued starts in the team limit, and the destroy-oldest policy cancels one', async () => {
    const game = await createGame(server.app, { containerCountLimit: 2 });
    const challenges = [];
    for (let i = 0; i < 3; i++)
      challenges.push(await containerChallenge(server.app, game.id, image));
    const team = await playingTeam(server.app, game);
    probe.hold();
    for (const challenge of challenges.slice(0, 2)) {
      const queued = await startContainer(team.call, game.id, challenge.id);
      expect(queued.json(), queued.body).toMatchObject({ status: 'Pending' });
    }
    const refused = await startContainer(team.call, game.id, challenges[2].id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().title).toBe('The number of team containers cannot exceed 2');

    await setPolicy(server.app, { autoDestroyOnLimitReached: true });
    try {
      const replacing = await startContainer(team.call, game.id, challenges[2].id);
      expect(replacing.json(), replacing.body).toMatchObject({ status: 'Pending' });
      // The oldest start went instead of a container: the team never has more than two.
      expect(
        (await challengeContext(team.call, game.id, challenges[0].id)).containerStart,
      ).toBeNull();
      probe.release();
      for (const challenge of challenges.slice(1)) {
        await expect
          .poll(
            async () => (await challengeContext(team.call, game.id, challenge.id)).instanceEntry,
            ENGINE_WAIT,
          )
          .not.toBeNull();
      }
      const owner = await server.app.containers.owner();
      const teamUnits = () =>
        engine.unitsLabelled({ 'vexil.owner': owner, 'vexil.team': String(team.team.id) });
      // The cancelled one, if it had started already, goes as soon as it is up.
      await expect.poll(async () => (await teamUnits()).length, ENGINE_WAIT).toBe(2);
      expect(await containerRows(server.app, team.registration.id, challenges[0].id)).toEqual([]);
    } finally {
      await setPolicy(server.app, { autoDestroyOnLimitReached: false });
    }
  }, 300_000);

  it('cancels a queued start and a starting one, leaving nothing on the engine', async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image);
    const [first, second, third] = await teamsOf(game, 3);
    probe.hold();
    for (const team of [first, second, third]) {
      expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(200);
    }
    // Tickets in the order asked: the first two start (held at the engine), the third waits.
    await expect
      .poll(
        async () =>
          (await contexts([first, second, third], game.id, challenge.id)).map(
            (v) => v.containerStart?.state,
          ),
        ENGINE_WAIT,
      )
      .toEqual(['Starting', 'Starting', 'Queued']);

    expect((await destroyContainer(third.call, game.id, challenge.id)).statusCode).toBe(200);
    expect((await challengeContext(third.call, game.id, challenge.id)).containerStart).toBeNull();
    expect((await destroyContainer(first.call, game.id, challenge.id)).statusCode).toBe(200);
    expect((await challengeContext(first.call, game.id, challenge.id)).containerStart).toBeNull();

    const creates = probe.creates.length;
    probe.release();
    await expect
      .poll(
        async () => (await challengeContext(second.call, game.id, challenge.id)).instanceEntry,
        ENGINE_WAIT,
      )
      .not.toBeNull();
    // The first's container was made (its create was under way) and removed at once; the
    // third's was never asked for.
    await expect
      .poll(() => probe.creates.slice(creates - 2).map((c) => c.state), ENGINE_WAIT)
      .toEqual(['done', 'done']);
    const [row] = await containerRows(server.app, second.registration.id, challenge.id);
    await expect
      .poll(async () => (await unitsOfChallenge(challenge.id)).map((u) => u.id), ENGINE_WAIT)
      .toEqual([row.engine_id]);
    for (const team of [first, third]) {
      expect(await containerRows(server.app, team.registration.id, challenge.id)).toEqual([]);
      expect((await challengeContext(team.call, game.id, challenge.id)).containerStart).toBeNull();
    }
    const starts = await server.app.db
      .selectFrom('game_events')
      .select('team_name')
      .where('game_id', '=', game.id)
      .where('type', '=', 'ContainerStart')
      .execute();
    expect(starts).toEqual([{ team_name: second.team.name }]);
  }, 300_000);

  it('tries a create again after a hang-up, counting it, and reports a refusal once', async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game);
    const retried = () =>
      readMetric(server.app, 'vexil_container_engine_retries_total', { operation: 'create' });
    const retriesBefore = await retried();
    const creates = probe.creates.length;
    probe.hangUpNext(3);
    expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(200);
    await expect
      .poll(
        async () => (await challengeContext(team.call, game.id, challenge.id)).instanceEntry,
        ENGINE_WAIT,
      )
      .not.toBeNull();
    expect(probe.creates.slice(creates).map((c) => c.state)).toEqual([
      'failed',
      'failed',
      'failed',
      'done',
    ]);
    expect(await retried()).toBe(retriesBefore + 3);
    const [row] = await containerRows(server.app, team.registration.id, challenge.id);
    expect((await unitsOfChallenge(challenge.id)).map((u) => u.id)).toEqual([row.engine_id]);

    // An image the engine cannot get is a refusal: tried once, shown to the team with its reason.
    const missing = await containerChallenge(server.app, game.id, 'vexil-test/missing:none');
    const missingCreates = probe.creates.length;
    expect((await startContainer(team.call, game.id, missing.id)).statusCode).toBe(200);
    await expect
      .poll(
        async () => (await challengeContext(team.call, game.id, missing.id)).containerStart,
        ENGINE_WAIT,
      )
      .toEqual({
        state: 'Failed',
        position: 0,
        reason: 'Failed to create container for challenge',
      });
    expect(probe.creates.slice(missingCreates)).toHaveLength(1);
    expect(await retried()).toBe(retriesBefore + 3);
    expect(await containerRows(server.app, team.registration.id, missing.id)).toEqual([]);
    // Starting again replaces the failed start (the failure gave the 10-second guard back).
    const again = await startContainer(team.call, game.id, missing.id);
    expect(again.json(), again.body).toMatchObject({ status: 'Pending' });
    await expect
      .poll(
        async () => (await challengeContext(team.call, game.id, missing.id)).containerStart?.state,
        ENGINE_WAIT,
      )
      .toBe('Failed');
  }, 300_000);
});
