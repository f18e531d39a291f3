// Attempt limits (issue 25) through the real routes, on SQLite and PostgreSQL: the organiser sets
// them (a save without them keeps them), the team sees its attempts left and its wait, a team at
// its limit or inside its wait is refused with nothing recorded, a right answer uses no attempt,
// and 50 wrong submissions of one team at once never exceed the limit.
import { expect, it } from 'vitest';
import { NO_ATTEMPTS_LEFT } from '#server/domain/attemptLimits.js';
import { insertLimitedSubmissions } from '#server/services/limitedSubmissions.js';
import { multipart } from '../../support/badInputs.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { makeZip, readZip } from '../../support/zipArchives.js';
import {
  attemptsOf,
  storedSubmissions,
  submit,
  waitForAllChecked,
  type Json,
} from './attemptSupport.js';
import { playingTeam, submitAndWait } from './support.js';

describeEachDatabase('attempt limits', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const edit = async (gameId: number, challengeId: number, payload: Json) => {
    const response = await admin({
      method: 'PUT',
      url: `/api/edit/games/${gameId}/challenges/${challengeId}`,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Json;
  };
  const read = async (gameId: number, challengeId: number) =>
    (
      await admin({ method: 'GET', url: `/api/edit/games/${gameId}/challenges/${challengeId}` })
    ).json() as Json;

  async function limited(limits: Json) {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { flags: ['flag{right}'] });
    const saved = await edit(game.id, challenge.id, limits);
    const team = await playingTeam(server.app, game, { size: 2 });
    return { game, challenge, saved, team };
  }

  it('is unlimited by default, and a save without the fields keeps what was set', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    expect(await read(game.id, challenge.id)).toMatchObject({ maxAttempts: 0, attemptWait: 0 });
    const team = await playingTeam(server.app, game);
    expect(await attemptsOf(team.call, game.id, challenge.id)).toBeNull();

    expect(await edit(game.id, challenge.id, { maxAttempts: 3, attemptWait: 20 })).toMatchObject({
      maxAttempts: 3,
      attemptWait: 20,
    });
    // The reference client's save: the whole edit model it read, minus Vexil's additions.
    const { maxAttempts: _m, attemptWait: _w, ...reference } = await read(game.id, challenge.id);
    expect(
      await edit(game.id, challenge.id, { ...reference, title: 'Renamed', hints: ['h'] }),
    ).toMatchObject({ title: 'Renamed', maxAttempts: 3, attemptWait: 20 });
    // null also leaves them; 0 takes them away.
    expect(
      await edit(game.id, challenge.id, { maxAttempts: null, attemptWait: null }),
    ).toMatchObject({ maxAttempts: 3, attemptWait: 20 });
    expect(await edit(game.id, challenge.id, { maxAttempts: 0 })).toMatchObject({
      maxAttempts: 0,
      attemptWait: 20,
    });

    for (const payload of [{ maxAttempts: -1 }, { attemptWait: 86401 }, { maxAttempts: 1.5 }]) {
      const response = await admin({
        method: 'PUT',
        url: `/api/edit/games/${game.id}/challenges/${challenge.id}`,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
    }
  });

  it('takes the limits on create too (a Vexil addition), none unless given', async () => {
    const game = await createGame(server.app);
    const create = async (payload: Json) => {
      const response = await admin({
        method: 'POST',
        url: `/api/edit/games/${game.id}/challenges`,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Json;
    };
    expect(await create({ title: 'Capped', maxAttempts: 5, attemptWait: 10 })).toMatchObject({
      maxAttempts: 5,
      attemptWait: 10,
    });
    expect(await create({ title: 'Plain', score: 3 })).toMatchObject({
      maxAttempts: 0,
      attemptWait: 0,
    });
  });

  it('counts wrong answers down and refuses the team at its limit, recording nothing', async () => {
    const { game, challenge, team } = await limited({ maxAttempts: 2 });
    const call = team.call;
    expect(await attemptsOf(call, game.id, challenge.id)).toEqual({
      maxAttempts: 2,
      attemptsLeft: 2,
      attemptWait: 0,
      nextAttemptAt: null,
      waitLeft: 0,
    });
    expect(await submitAndWait(call, game.id, challenge.id, 'flag{no}')).toBe('WrongAnswer');
    expect(await attemptsOf(call, game.id, challenge.id)).toMatchObject({ attemptsLeft: 1 });
    // Another member of the team draws on the same attempts.
    const other = team.members[1].call;
    expect(await submitAndWait(other, game.id, challenge.id, 'flag{nope}')).toBe('WrongAnswer');
    expect(await attemptsOf(call, game.id, challenge.id)).toMatchObject({ attemptsLeft: 0 });

    for (const flag of ['flag{third}', 'flag{right}']) {
      const refused = await submit(call, game.id, challenge.id, flag);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ title: NO_ATTEMPTS_LEFT, status: 403 });
    }
    expect(await storedSubmissions(server.app, team.registration.id, challenge.id)).toHaveLength(2);

    // Other teams and other challenges are not affected.
    const rival = await playingTeam(server.app, game);
    expect(await submitAndWait(rival.call, game.id, challenge.id, 'flag{right}')).toBe('Accepted');
    const free = await createChallenge(server.app, game.id);
    expect(await submitAndWait(call, game.id, free.id, 'flag{no}')).toBe('WrongAnswer');
  });

  it('counts a submission still being checked, but never a right answer; solved, no limit', async () => {
    const { game, challenge, team } = await limited({ maxAttempts: 2 });
    const call = team.call;
    await server.app.flagChecker.stop();
    try {
      const pending = await submit(call, game.id, challenge.id, 'flag{right}');
      expect(pending.statusCode).toBe(200);
      // Unchecked, it holds an attempt: the view says so at once.
      expect(await attemptsOf(call, game.id, challenge.id)).toMatchObject({ attemptsLeft: 1 });
    } finally {
      await server.app.flagChecker.start();
    }
    await waitForAllChecked(server.app, team.registration.id, challenge.id);
    // Right: it used no attempt, and the limit is lifted for the team.
    expect(await attemptsOf(call, game.id, challenge.id)).toBeNull();
    for (let i = 0; i < 3; i++) {
      expect(await submitAndWait(call, game.id, challenge.id, `flag{after ${i}}`)).toBe(
        'WrongAnswer',
      );
    }
  });

  it('makes the team wait after a wrong answer, with Retry-After, recording nothing', async () => {
    const { game, challenge, team } = await limited({ attemptWait: 60 });
    const call = team.call;
    expect(await submitAndWait(call, game.id, challenge.id, 'flag{no}')).toBe('WrongAnswer');
    const refused = await submit(call, game.id, challenge.id, 'flag{right}');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      title: `Wait ${retryAfter} s before the next attempt at this challenge`,
      status: 429,
    });
    const [stored] = await storedSubmissions(server.app, team.registration.id, challenge.id);
    const attempts = await attemptsOf(call, game.id, challenge.id);
    expect(attempts).toMatchObject({
      maxAttempts: 0,
      attemptsLeft: null,
      attemptWait: 60,
      nextAttemptAt: Number(stored.submit_time) + 60_000,
    });
    expect(attempts!.waitLeft).toBeGreaterThan(0);
    expect(attempts!.waitLeft).toBeLessThanOrEqual(60_000);
    expect(await storedSubmissions(server.app, team.registration.id, challenge.id)).toHaveLength(1);

    // Once the wait is over (the wrong answer made a minute ago), the next one is taken.
    await server.app.db
      .updateTable('submissions')
      .set({ submit_time: Number(stored.submit_time) - 60_000 })
      .where('id', '=', stored.id)
      .execute();
    expect(await attemptsOf(call, game.id, challenge.id)).toMatchObject({
      nextAttemptAt: null,
      waitLeft: 0,
    });
    expect(await submitAndWait(call, game.id, challenge.id, 'flag{right}')).toBe('Accepted');
    // Solved: no wait any more.
    expect(await submitAndWait(call, game.id, challenge.id, 'flag{x}')).toBe('WrongAnswer');
    expect(await submitAndWait(call, game.id, challenge.id, 'flag{y}')).toBe('WrongAnswer');
  });

  it('refuses at the limit before telling of a wait, and shows no wait there', async () => {
    const { game, challenge, team } = await limited({ maxAttempts: 1, attemptWait: 60 });
    expect(await submitAndWait(team.call, game.id, challenge.id, 'flag{no}')).toBe('WrongAnswer');
    expect((await submit(team.call, game.id, challenge.id, 'flag{again}')).statusCode).toBe(403);
    expect(await attemptsOf(team.call, game.id, challenge.id)).toMatchObject({
      attemptsLeft: 0,
      nextAttemptAt: null,
      waitLeft: 0,
    });
  });

  it('never exceeds the limit with 50 wrong submissions of one team at once', async () => {
    const { game, challenge, team } = await limited({ maxAttempts: 5 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        submit(team.members[i % 2].call, game.id, challenge.id, `flag{wrong ${i}}`),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(45);
    await waitForAllChecked(server.app, team.registration.id, challenge.id);
    const stored = await storedSubmissions(server.app, team.registration.id, challenge.id);
    expect(stored.map((s) => s.status)).toEqual(Array(5).fill('WrongAnswer'));
    expect(await attemptsOf(team.call, game.id, challenge.id)).toMatchObject({ attemptsLeft: 0 });
  });

  it('never exceeds the limit with 50 submissions in 50 transactions at once', async () => {
    // Each its own transaction (no batching): the registration's row lock alone keeps the count.
    const { game, challenge, team } = await limited({ maxAttempts: 7 });
    const user = team.members[0].user;
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        insertLimitedSubmissions(server.app.db, [
          {
            gameId: game.id,
            challengeId: challenge.id,
            participationId: team.registration.id,
            userId: user.id,
            userName: user.userName,
            answer: `flag{apart ${i}}`,
            now: Date.now(),
            rules: { maxAttempts: 7, attemptWait: 0 },
          },
        ]),
      ),
    );
    const stored = outcomes.flat().filter((o) => 'id' in o);
    expect(stored).toHaveLength(7);
    expect(await storedSubmissions(server.app, team.registration.id, challenge.id)).toHaveLength(7);
  });

  it('carries the limits in a game archive; an archive without them imports with none', async () => {
    const { game, challenge } = await limited({ maxAttempts: 4, attemptWait: 15 });
    const exported = await admin({ method: 'GET', url: `/api/edit/games/${game.id}/export` });
    expect(exported.statusCode).toBe(200);
    const entries = await readZip(exported.rawPayload);
    const manifest = JSON.parse(entries.get('game.json')!.toString()) as Json;
    const archived = (manifest.challenges as Json[]).find(
      (c) => c.settings.title === challenge.title,
    )!;
    expect(archived.settings).toMatchObject({ maxAttempts: 4, attemptWait: 15 });

    const importZip = async (zip: Buffer) => {
      const response = await admin({
        method: 'POST',
        url: '/api/edit/games/import',
        ...multipart({}, { file: zip }),
      });
      expect(response.statusCode, response.body).toBe(200);
      const id = (response.json() as Json).id as number;
      const list = (
        await admin({ method: 'GET', url: `/api/edit/games/${id}/challenges` })
      ).json() as Json[];
      return Promise.all(list.map((c) => read(id, c.id as number)));
    };
    const [imported] = await importZip(exported.rawPayload);
    expect(imported).toMatchObject({ title: challenge.title, maxAttempts: 4, attemptWait: 15 });

    // An archive made before attempt limits: its settings do not name them.
    const { maxAttempts: _m, attemptWait: _w, ...older } = archived.settings as Json;
    const old = await makeZip({
      'game.json': JSON.stringify({
        ...manifest,
        challenges: [{ ...archived, settings: older }],
      }),
    });
    const [plain] = await importZip(old);
    expect(plain).toMatchObject({ title: challenge.title, maxAttempts: 0, attemptWait: 0 });
  });
});
