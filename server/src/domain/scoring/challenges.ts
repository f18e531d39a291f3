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

/** The blood solves of each challenge, by challenge id, in one pass over the solves. */
export function bloodsByChallenge(solves: readonly CountedSolve[]): Map<number, CountedSolve[]> {
  const bloods = new Map<number, CountedSolve[]>();
  for (const solve of solves) {
    if (solve.blood === null) continue;
    const list = bloods.get(solve.challengeId);
    if (list) list.push(solve);
    else bloods.set(solve.challengeId, [solve]);
  }
  return bloods;
}

/** `bloods`: the challenge's blood solves (at most three), in any order. */
export function challengeInfo(
  challenge: ScoringChallenge,
  bloods: readonly CountedSolve[],
  teamsByParticipation: ReadonlyMap<number, ScoringTeam>,
): ScoreboardChallengeInfo {
  const ordered = [...bloods]
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
    bloods: ordered,
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
  const bloods = bloodsByChallenge(solves);
  const groups = new Map<ChallengeCategory, ScoreboardChallengeInfo[]>();
  for (const challenge of orderChallenges(challenges)) {
    const group = groups.get(challenge.category) ?? [];
    group.push(challengeInfo(challenge, bloods.get(challenge.id) ?? [], teamsByParticipation));
    groups.set(challenge.category, group);
  }
  return Object.fromEntries(groups);
}
