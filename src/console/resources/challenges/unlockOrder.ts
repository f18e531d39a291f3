/**
 * The order in which a game's challenges open (issue 25): each challenge's step is one more than
 * the highest step of its prerequisites (0 without any), so reading the steps in order follows
 * what unlocks what. The server refuses cycles; one found anyway (an old row) is cut where it
 * closes.
 */
import type { ChallengeListRecord } from '@/console/data/challengeRoutes';

export interface UnlockStep {
  challenge: ChallengeListRecord;
  step: number;
}

export function unlockOrder(challenges: readonly ChallengeListRecord[]): UnlockStep[] {
  const byId = new Map(challenges.map((challenge) => [challenge.id, challenge]));
  const steps = new Map<number, number>();
  const stepOf = (id: number, visiting: Set<number>): number => {
    const known = steps.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    const required = (byId.get(id)?.unlock?.prerequisites ?? []).filter((p) => byId.has(p));
    const step =
      required.length === 0 ? 0 : 1 + Math.max(...required.map((p) => stepOf(p, visiting)));
    visiting.delete(id);
    steps.set(id, step);
    return step;
  };
  return challenges
    .map((challenge) => ({ challenge, step: stepOf(challenge.id, new Set()) }))
    .sort((a, b) => a.step - b.step || a.challenge.id - b.challenge.id);
}
