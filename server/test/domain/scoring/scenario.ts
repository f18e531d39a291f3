// Builds scoreboard inputs from named teams and challenges and an ordered list of solves, so
// tests read like the acceptance scenarios of behaviour.md §13.1.
import { buildScoreboard } from '#server/domain/scoring/scoreboard.js';
import type {
  ScoreboardInput,
  ScoringChallenge,
  ScoringSolve,
  ScoringTeam,
} from '#server/domain/scoring/types.js';

export const START = Date.UTC(2030, 0, 1);
export const MINUTE = 60_000;

export interface ScenarioSpec {
  bloodBonus?: number;
  /** Name → settings (defaults 1000 / 0.25 / 5, category Misc, title = name). acceptedCount
   *  defaults to the number of teams solving it in `solves`. */
  challenges: Record<string, Partial<ScoringChallenge>>;
  /** Name → division (or null); registration order is the key order. */
  teams: Record<string, string | null>;
  /** [team, challenge] in time order, one minute apart; or with an explicit time offset. */
  solves: ([string, string] | [string, string, number])[];
}

export function scenario(spec: ScenarioSpec) {
  const teamNames = Object.keys(spec.teams);
  const teams: ScoringTeam[] = teamNames.map((name, i) => ({
    participationId: 100 + i,
    teamId: 1 + i,
    name,
    bio: null,
    avatar: null,
    division: spec.teams[name],
  }));
  const teamId = (name: string) => teams.find((t) => t.name === name)!;
  const challengeNames = Object.keys(spec.challenges);
  const solves: ScoringSolve[] = spec.solves.map(([team, challenge, offset], i) => ({
    id: 1000 + i,
    participationId: teamId(team).participationId,
    challengeId: 10 + challengeNames.indexOf(challenge),
    userName: `${team}-player`,
    time: START + (offset ?? (i + 1) * MINUTE),
  }));
  const challenges: ScoringChallenge[] = challengeNames.map((name, i) => ({
    id: 10 + i,
    title: name,
    category: 'Misc',
    originalScore: 1000,
    minScoreRate: 0.25,
    difficulty: 5,
    disableBloodBonus: false,
    acceptedCount: new Set(spec.solves.filter((s) => s[1] === name).map((s) => s[0])).size,
    ...spec.challenges[name],
  }));
  const input: ScoreboardInput = {
    bloodBonus: spec.bloodBonus ?? 52_459_530,
    challenges,
    teams,
    solves,
    now: START + 1000 * MINUTE,
  };
  const board = buildScoreboard(input);
  const team = (name: string) => board.items.find((item) => item.name === name)!;
  const challenge = (name: string) =>
    Object.values(board.challenges)
      .flat()
      .find((c) => c!.title === name)!;
  const scores = () => Object.fromEntries(board.items.map((item) => [item.name, item.score]));
  const ranking = () => board.items.map((item) => item.name);
  return { input, board, team, challenge, scores, ranking };
}
