/**
 * The team's challenge list with its locks (issue 25): the board's challenge groups, less the
 * challenges locked to the team that the organiser hides, and for those shown locked what opens
 * them. A game without unlock rules (or a staff reader) gets the board's bytes as they are; one
 * with rules has the board's groups parsed once per board (kept while the board is the same) and
 * filtered per team from the locks computed in teamLocks.ts.
 */
import type { components } from '#wire/schema.gen.js';
import type { Participation } from '../../db/repositories/participations.js';
import { neededCount, solvedCount, type UnlockRule } from '../../domain/unlocks/rules.js';
import type { LockedTeam, TeamLocks } from '../../services/unlocks/teamLocks.js';

type Schemas = components['schemas'];
type Groups = Record<string, Schemas['ChallengeInfo'][]>;

export const teamOf = (participation: Pick<Participation, 'id' | 'teamId'>): LockedTeam => ({
  participationId: participation.id,
  teamId: participation.teamId,
});

/** The last groups parsed, by their JSON text (a board's text is one string while it is kept). */
let parsed: { json: string; groups: Groups } | undefined;

function groupsOf(json: string): Groups {
  if (parsed?.json !== json) parsed = { json, groups: JSON.parse(json) as Groups };
  return parsed.groups;
}

export interface TeamChallenges {
  challengesJson: string;
  challengeCount: number;
  lockedJson: string;
}

function lockModel(
  rule: UnlockRule,
  locks: TeamLocks,
  visibleTitles: ReadonlyMap<number, string>,
  now: number,
): Schemas['ChallengeLockModel'] {
  const prerequisites = rule.prerequisites
    .filter((id) => visibleTitles.has(id))
    .map((id) => ({
      id,
      title: visibleTitles.get(id) ?? '',
      solved: locks.progress.solved.has(id),
    }));
  return {
    id: rule.challengeId,
    prerequisites,
    hiddenPrerequisites: rule.prerequisites.length - prerequisites.length,
    prerequisiteCount: neededCount(rule),
    solvedPrerequisites: solvedCount(rule, locks.progress),
    unlockScore: rule.unlockScore ?? 0,
    releaseTime: rule.releaseTime !== null && rule.releaseTime > now ? rule.releaseTime : null,
  };
}

/** The board's groups as the team may see them; `locks` undefined: everything (staff). */
export function withLocks(
  board: { challengesJson: string; challengeCount: number },
  locks: TeamLocks | undefined,
  now: number,
): TeamChallenges {
  if (!locks || locks.locked.size === 0) {
    return { ...board, lockedJson: '[]' };
  }
  const hidden = (id: number) => {
    const rule = locks.locked.get(id);
    return rule !== undefined && !rule.showWhenLocked;
  };
  const shown: Groups = {};
  const titles = new Map<number, string>();
  let count = 0;
  for (const [category, challenges] of Object.entries(groupsOf(board.challengesJson))) {
    const kept = challenges.filter((challenge) => !hidden(challenge.id));
    for (const challenge of kept) titles.set(challenge.id, challenge.title);
    if (kept.length > 0) shown[category] = kept;
    count += kept.length;
  }
  const locked = [...locks.locked.values()]
    .filter((rule) => rule.showWhenLocked && titles.has(rule.challengeId))
    .map((rule) => lockModel(rule, locks, titles, now));
  return {
    challengesJson: JSON.stringify(shown),
    challengeCount: count,
    lockedJson: JSON.stringify(locked),
  };
}
