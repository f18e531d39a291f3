// The rules around a team's container on a real engine: the 10-second guard (with rate limiting
// off), concurrent creates, the team limit (also under concurrent creates) and its destroy-oldest
// policy, stopped leftovers, and the refusals that never reach the engine.
import { afterAll, expect, it } from 'vitest';
import { createGame } from '../support/competition.js';
import { describeWithDocker } from '../support/docker.js';
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

describeWithDocker('team container rules', (getDb, image, engine) => {
  const server = useTestApp(getDb, { config: () => engine.config({ VEXIL_RATE_LIMIT: 'off' }) });
  afterAll(async () => {
    await engine.removeOwned(await server.app.containers.owner());
  });

  it('refuses a second create or destroy within 10 seconds, rate limiting off', async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game);
    expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(200);

    const tooSoon = await destroyContainer(team.call, game.id, challenge.id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ title: 'Container operation too often', status: 429 });
    // What is left of the 10 s since the create was recorded (a slow engine, a swarm, took some).
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(429);
    expect(await containerRows(server.app, team.registration.id, challenge.id)).toHaveLength(1);

    await passGuard(server.app, team.registration.id, challenge.id);
    const running = await startContainer(team.call, game.id, challenge.id);
    expect(running.statusCode).toBe(400);
    expect(running.json().title).toBe('The container of this challenge already exists');
    expect((await destroyContainer(team.call, game.id, challenge.id)).statusCode).toBe(200);
    expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(429);
  });

  it('makes one container out of concurrent creates', async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game, { size: 3 });
    const answers = await Promise.all(
      [...team.members, ...team.members].map((m) => startContainer(m.call, game.id, challenge.id)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 429 || c === 400)).toBe(true);
    const rows = await containerRows(server.app, team.registration.id, challenge.id);
    expect(rows).toHaveLength(1);
    const owner = await server.app.containers.owner();
    const onEngine = await engine.unitsLabelled({
      'vexil.owner': owner,
      'vexil.challenge': String(challenge.id),
    });
    expect(onEngine.map((unit) => unit.id)).toEqual([rows[0].engine_id]);
  });

  it('holds the team limit, or destroys the oldest container when the policy says so', async () => {
    const game = await createGame(server.app, { containerCountLimit: 1 });
    const first = await containerChallenge(server.app, game.id, image);
    const second = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game);
    expect((await startContainer(team.call, game.id, first.id)).statusCode).toBe(200);
    const refused = await startContainer(team.call, game.id, second.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().title).toBe('The number of team containers cannot exceed 1');

    await setPolicy(server.app, { autoDestroyOnLimitReached: true });
    try {
      const [oldest] = await containerRows(server.app, team.registration.id, first.id);
      const replaced = await startContainer(team.call, game.id, second.id);
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(await containerRows(server.app, team.registration.id, first.id)).toEqual([]);
      expect(await engine.unitsOf([oldest.id])).toEqual([]);
      expect(await containerRows(server.app, team.registration.id, second.id)).toHaveLength(1);
    } finally {
      await setPolicy(server.app, { autoDestroyOnLimitReached: false });
    }
  });

  it('holds the team limit when the team starts two challenges at once', async () => {
    const game = await createGame(server.app, { containerCountLimit: 1 });
    const first = await containerChallenge(server.app, game.id, image);
    const second = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game, { size: 2 });
    const [a, b] = team.members;
    const answers = await Promise.all([
      startContainer(a.call, game.id, first.id),
      startContainer(b.call, game.id, second.id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.json().title).toBe('The number of team containers cannot exceed 1');
    const rows = [
      ...(await containerRows(server.app, team.registration.id, first.id)),
      ...(await containerRows(server.app, team.registration.id, second.id)),
    ];
    expect(rows).toHaveLength(1);
  });

  it('replaces a leftover whose engine container has stopped', async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game);
    const first = await startContainer(team.call, game.id, challenge.id);
    expect(first.statusCode, first.body).toBe(200);
    const [leftover] = await containerRows(server.app, team.registration.id, challenge.id);
    await engine.stop(leftover.engine_id);

    await passGuard(server.app, team.registration.id, challenge.id);
    const again = await startContainer(team.call, game.id, challenge.id);
    expect(again.statusCode, again.body).toBe(200);
    const [fresh] = await containerRows(server.app, team.registration.id, challenge.id);
    expect(fresh.id).not.toBe(leftover.id);
    expect(await engine.unitsOf([leftover.id])).toEqual([]);
  });

  it('refuses what is no container, not there or not created, touching nothing', async () => {
    const game = await createGame(server.app);
    const attachment = await containerChallenge(server.app, game.id, image, {
      type: 'StaticAttachment',
      flags: ['flag{x}'],
    });
    const disabled = await containerChallenge(server.app, game.id, image, { isEnabled: false });
    const noImage = await containerChallenge(server.app, game.id, '', { containerImage: '' });
    const challenge = await containerChallenge(server.app, game.id, image);
    const team = await playingTeam(server.app, game);

    const notContainer = await startContainer(team.call, game.id, attachment.id);
    expect(notContainer.statusCode).toBe(400);
    expect(notContainer.json().title).toBe('This challenge cannot create a container');
    expect((await startContainer(team.call, game.id, disabled.id)).statusCode).toBe(404);
    const failed = await startContainer(team.call, game.id, noImage.id);
    expect(failed.statusCode).toBe(400);
    expect(failed.json().title).toBe('Failed to create container for challenge');
    for (const call of [destroyContainer, extendContainer]) {
      const missing = await call(team.call, game.id, challenge.id);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().title).toBe("The container of this challenge hasn't been created");
    }
    const outsider = await playingTeam(server.app, await createGame(server.app));
    expect((await startContainer(outsider.call, game.id, challenge.id)).statusCode).toBe(400);
  });

  it('answers an image the engine cannot get with 400, leaving no row and no guard', async () => {
    const game = await createGame(server.app);
    const challenge = await containerChallenge(server.app, game.id, 'vexil-test/missing:none');
    const team = await playingTeam(server.app, game);
    const failed = await startContainer(team.call, game.id, challenge.id);
    expect(failed.statusCode).toBe(400);
    expect(failed.json().title).toBe('Failed to create container for challenge');
    expect(await containerRows(server.app, team.registration.id, challenge.id)).toEqual([]);
    // The failed attempt did not start the 10-second guard.
    expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(400);
  });
});
