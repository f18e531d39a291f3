// What the acts of the whole game share: the app and its organiser and monitor, what each act
// builds up for the next (game, challenges, players, teams, their flags, the counted solves, the
// final board), and the two moves every act makes (view a challenge, solve and record it).
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Caller } from '../../support/app.js';
import type { TestApp } from '../../support/harness.js';
import { submitAndWait } from '../../routes/game/support.js';
import type { PlannedChallenge, PlannedSolve } from '../expectedBoard.js';
import type { ApiTeam, Player } from '../players.js';
import { readSubmissions, type Board } from '../support.js';

export const HOUR = 3_600_000;
export const DEFAULT_BLOOD_BONUS = 52459530;
export const POOL = [1, 2, 3, 4].map((i) => ({
  flag: `flag{pool_entry_${i}}`,
  url: `https://files.example/pool-${i}.zip`,
}));

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Story {
  server: TestApp;
  admin: Caller;
  monitor: Caller;
  /** Set by the first act. */
  gameId: number;
  challenge: Record<'sanity' | 'hashes' | 'pool', PlannedChallenge>;
  player: Record<'alice' | 'amy' | 'bob' | 'carol' | 'dave', Player>;
  team: Record<'alpha' | 'bravo' | 'charlie' | 'delta', ApiTeam>;
  dynamicFlag: Map<number, string>;
  poolFlag: Map<number, string>;
  solves: PlannedSolve[];
  /** Set by the act that scores the board. */
  finalBoard: Board;
  /** Views a challenge of the game as the player, checking the answer against the spec. */
  view: (who: Player, challengeId: number) => ReturnType<Caller>;
  /** Submits, waits for the result and, when it is a counted solve, records it. */
  solve: (who: Player, on: ApiTeam, c: PlannedChallenge, flag: string) => Promise<void>;
}

export function startStory(server: TestApp): Story {
  const story: Story = {
    server,
    admin: server.as('Admin'),
    monitor: server.as('Monitor'),
    gameId: 0,
    challenge: {} as never,
    player: {} as never,
    team: {} as never,
    dynamicFlag: new Map(),
    poolFlag: new Map(),
    solves: [],
    finalBoard: undefined as never,
    view: async (who, challengeId) => {
      const response = await who.call({
        method: 'GET',
        url: `/api/game/${story.gameId}/challenges/${challengeId}`,
      });
      return response;
    },
    solve: async (who, on, c, flag) => {
      const { gameId, monitor, team, solves } = story;
      expect(await submitAndWait(who.call, gameId, c.id, flag)).toBe('Accepted');
      const mine = (await readSubmissions(monitor, gameId)).find(
        (s) => s.user === who.userName && s.challenge === c.title && s.status === 'Accepted',
      );
      solves.push({
        team: { ...on, division: on === team.bravo ? 'Student' : 'Pro' },
        challenge: c,
        userName: who.userName,
        time: mine!.time,
      });
    },
  };
  return story;
}
