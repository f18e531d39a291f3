import { beforeAll, expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import { caller, type Caller } from '../../support/app.js';
import {
  createChallenge,
  createGame,
  createTeamWithMembers,
  type BuiltChallenge,
} from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { expectMatchesSpec } from '../../support/spec.js';
import { HOUR, playingTeam } from './support.js';

interface GatedOperation {
  operationId: string;
  /** Blocked once the game has ended outside practice mode. */
  endedBlocked: boolean;
  request: (gameId: number, challengeId: number) => Parameters<Caller>[0];
}

const operations: GatedOperation[] = [
  {
    operationId: 'gameGetDetails',
    endedBlocked: true,
    request: (g) => ({ method: 'GET', url: `/api/game/${g}/details` }),
  },
  {
    operationId: 'gameGetChallenge',
    endedBlocked: true,
    request: (g, c) => ({ method: 'GET', url: `/api/game/${g}/challenges/${c}` }),
  },
  {
    operationId: 'gameSubmitFlag',
    endedBlocked: true,
    request: (g, c) => ({
      method: 'POST',
      url: `/api/game/${g}/challenges/${c}`,
      payload: { flag: 'flag{x}' },
    }),
  },
  {
    operationId: 'gameGetWriteup',
    endedBlocked: false,
    request: (g) => ({ method: 'GET', url: `/api/game/${g}/writeup` }),
  },
];

describeEachDatabase('the participation gate', (getDb) => {
  const server = useTestApp(getDb);
  let running: Game;
  let challenge: BuiltChallenge;
  beforeAll(async () => {
    running = await createGame(server.app);
    challenge = await createChallenge(server.app, running.id);
  });

  const expectError = async (
    op: GatedOperation,
    call: Caller,
    game: { id: number },
    expected: { statusCode: number; title: string; status: number },
    challengeId = challenge.id,
  ) => {
    const response = await call(op.request(game.id, challengeId));
    expectMatchesSpec(op.operationId, response);
    expect(response.statusCode, `${op.operationId}: ${response.body}`).toBe(expected.statusCode);
    expect(response.json()).toEqual({ title: expected.title, status: expected.status });
  };

  for (const op of operations) {
    it(`${op.operationId}: game, registration, status, start and end in order`, async () => {
      const outsider = (await createTeamWithMembers(server.app)).members[0].call;
      await expectError(
        op,
        outsider,
        { id: 999999 },
        {
          statusCode: 404,
          title: 'The game was not found',
          status: 404,
        },
      );
      await expectError(op, outsider, running, {
        statusCode: 400,
        title: 'You have not participated in the game',
        status: 400,
      });
      for (const status of ['Pending', 'Rejected', 'Suspended']) {
        const team = await playingTeam(server.app, running, { status });
        await expectError(op, team.call, running, {
          statusCode: 400,
          title: 'Your registration has been rejected or banned',
          status: 400,
        });
      }
      const now = Date.now();
      const upcoming = await createGame(server.app, { start: now + HOUR, end: now + 2 * HOUR });
      const early = await playingTeam(server.app, upcoming);
      await expectError(op, early.call, upcoming, {
        statusCode: 400,
        title: 'The game has not started',
        status: 400,
      });
      const ended = await createGame(server.app, { start: now - 2 * HOUR, end: now - HOUR });
      const late = await playingTeam(server.app, ended);
      const response = await late.call(op.request(ended.id, challenge.id));
      expectMatchesSpec(op.operationId, response);
      if (op.endedBlocked) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ title: 'The game has ended', status: 10002 });
      } else {
        expect(response.statusCode).toBe(200);
      }
      const anonymous = await caller(server.app)(op.request(running.id, challenge.id));
      expect(anonymous.statusCode).toBe(401);
    });
  }

  it('answers 404 for challenges that are missing, elsewhere or disabled', async () => {
    const team = await playingTeam(server.app, running);
    const elsewhere = await createChallenge(server.app, (await createGame(server.app)).id);
    const disabled = await createChallenge(server.app, running.id, { isEnabled: false });
    for (const id of [999999, elsewhere.id, disabled.id]) {
      const viewed = await team.call(operations[1].request(running.id, id));
      expect(viewed.statusCode).toBe(404);
      expect(viewed.json().title).toBe(
        'Challenge not found or dynamic attachment allocation failed',
      );
      const submitted = await team.call(operations[2].request(running.id, id));
      expect(submitted.json()).toEqual({ title: 'The challenge was not found', status: 404 });
    }
    const zero = await team.call(operations[1].request(running.id, 0));
    expect(zero.statusCode).toBe(400);
    const blank = await team.call({
      method: 'POST',
      url: `/api/game/${running.id}/challenges/${challenge.id}`,
      payload: { flag: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    const long = await team.call({
      method: 'POST',
      url: `/api/game/${running.id}/challenges/${challenge.id}`,
      payload: { flag: 'x'.repeat(128) },
    });
    expect(long.statusCode).toBe(400);
  });
});
