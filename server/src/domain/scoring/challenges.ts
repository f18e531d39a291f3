/**
 * The challenge part of the board (behaviour §1.5): enabled challenges grouped by category in
 * enum order, by title within a category (then id), each with its current score, solve count and
 * up to three bloods.
 */
import { categoryOrder } from './categories.js';
import { challengeScore } from './dynamicScore.js';
import type { CountedSolve } from './solves.js';
import type {
  ChallengeCategory,
  ScoreboardChallengeInfo,
  ScoringChallenge,
  ScoringTeam,
} from './types.js';

const titles = new Intl.Collator('en');

export function compareChallenges(a: ScoringChallenge, b: ScoringChallenge): number {
  return (
    categoryOrder(a.category) - categoryOrder(b.category) ||
    titles.compare(a.title, b.title) ||
    a.id - b.id
  );
}

/** Challenges in scoreboard order (the sheet's column order too). */
export function orderChallenges(challenges: readonly ScoringChallenge[]): ScoringChallenge[] {
  return [...challenges].sort(compareChallenges);
}

export function challengeInfo(
  challenge: ScoringChallenge,
  solves: readonly CountedSolve[],
  teamsByParticipation: ReadonlyMap<number, ScoringTeam>,
): ScoreboardChallengeInfo {
  const bloods = solves
    .filter((s) => s.challengeId === challenge.id && s.blood !== null)
    .sort((a, b) => a.blood! - b.blood!)
    .map((s) => {
      const team = teamsByParticipation.get(s.participationId)!;
      return { id: team.teamId, name: team.name, avatar: team.avatar, submitTimeUtc: s.time };
    });
  return {
    id: challenge.id,
    title: challenge.title,
    category: challenge.category,
    score: challengeScore(challenge, challenge.acceptedCount),
    solved: Math.max(0, challenge.acceptedCount),
    bloods,
    disableBloodBonus: challenge.disableBloodBonus,
  };
}

/** Groups in enum order; categories without a challenge are absent. */
export function groupChallenges(
  challenges: readonly ScoringChallenge[],
  solves: readonly CountedSolve[],
  teams: readonly ScoringTeam[],
): Partial<Record<ChallengeCategory, ScoreboardChallengeInfo[]>> {
  const teamsByParticipation = new Map(teams.map((t) => [t.participationId, t]));
  const groups = new Map<ChallengeCategory, ScoreboardChallengeInfo[]>();
  for (const challenge of orderChallenges(challenges)) {
    const group = groups.get(challenge.category) ?? [];
    group.push(challengeInfo(challenge, solves, teamsByParticipation));
    groups.set(challenge.category, group);
  }
  return Object.fromEntries(groups);
}
