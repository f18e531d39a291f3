/**
 * What opens a challenge to a team (issue 25): prerequisites (all of a list of challenges of the
 * game, or any N of them), a score the team has reached, and a release time for everyone. Every
 * condition set must hold. Pure: the caller loads the rules and the team's progress.
 *
 * A challenge the team has solved stays open whatever its conditions (an organiser who adds a
 * prerequisite later takes nothing away from a team that already solved it). The score is the
 * team's score on the live board, so a score condition follows the board: dynamic scores fall as
 * other teams solve, and a challenge opened by score alone can close again.
 */

export interface UnlockRule {
  challengeId: number;
  prerequisites: readonly number[];
  /** Any N of the prerequisites; null for all of them. */
  prerequisiteCount: number | null;
  /** null (or 0) for no score condition. */
  unlockScore: number | null;
  /** null for no timed release. */
  releaseTime: number | null;
  /** Locked, the team sees it with what opens it (else it does not see it at all). */
  showWhenLocked: boolean;
  releaseNotice: boolean;
}

/** What a team has done, as far as unlocking goes. */
export interface TeamProgress {
  solved: ReadonlySet<number>;
  score: number;
}

/** How many prerequisites must be solved (0 without any). */
export const neededCount = (rule: Pick<UnlockRule, 'prerequisites' | 'prerequisiteCount'>) =>
  rule.prerequisites.length === 0
    ? 0
    : Math.min(rule.prerequisiteCount || rule.prerequisites.length, rule.prerequisites.length);

/** Whether the rule sets any condition at all. */
export const hasConditions = (rule: UnlockRule): boolean =>
  rule.prerequisites.length > 0 || (rule.unlockScore ?? 0) > 0 || rule.releaseTime !== null;

/** Whether opening depends on the team (its solves or score), not only on the time. */
export const dependsOnTeam = (rule: UnlockRule): boolean =>
  rule.prerequisites.length > 0 || (rule.unlockScore ?? 0) > 0;

export const solvedCount = (rule: UnlockRule, progress: TeamProgress): number =>
  rule.prerequisites.reduce((count, id) => count + (progress.solved.has(id) ? 1 : 0), 0);

/** Whether the challenge is open to a team with this progress at `now`. */
export function isOpen(rule: UnlockRule, progress: TeamProgress, now: number): boolean {
  if (progress.solved.has(rule.challengeId)) return true;
  if (rule.releaseTime !== null && now < rule.releaseTime) return false;
  if ((rule.unlockScore ?? 0) > 0 && progress.score < (rule.unlockScore ?? 0)) return false;
  return solvedCount(rule, progress) >= neededCount(rule);
}

/** Whether the challenge is open to everyone at `now` (no team condition, released). */
export const isOpenToAll = (rule: UnlockRule, now: number): boolean =>
  !dependsOnTeam(rule) && (rule.releaseTime === null || now >= rule.releaseTime);

/** A game's rules by challenge; challenges without a rule are open to every team. */
export class GameUnlockRules {
  readonly byChallenge: ReadonlyMap<number, UnlockRule>;

  constructor(rules: readonly UnlockRule[]) {
    this.byChallenge = new Map(
      rules.filter(hasConditions).map((rule) => [rule.challengeId, rule] as const),
    );
  }

  get isEmpty(): boolean {
    return this.byChallenge.size === 0;
  }

  ruleOf(challengeId: number): UnlockRule | undefined {
    return this.byChallenge.get(challengeId);
  }

  /** Whether any rule needs the team's progress (else the time alone decides). */
  get needsProgress(): boolean {
    for (const rule of this.byChallenge.values()) if (dependsOnTeam(rule)) return true;
    return false;
  }

  /** The rules of the challenges locked to a team with this progress at `now`. */
  lockedFor(progress: TeamProgress, now: number): Map<number, UnlockRule> {
    const locked = new Map<number, UnlockRule>();
    for (const rule of this.byChallenge.values()) {
      if (!isOpen(rule, progress, now)) locked.set(rule.challengeId, rule);
    }
    return locked;
  }
}

/** Progress of a viewer who has none (no team): nothing solved, no score. */
export const NO_PROGRESS: TeamProgress = { solved: new Set(), score: 0 };
