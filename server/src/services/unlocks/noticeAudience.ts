/**
 * Notices name challenges (bloods, new hints, new challenges: their title is in `values`); one
 * that names a challenge hidden from a team while it is locked must not reach that team, on the
 * players' hub or in the notice list (issue 25). A notice is kept from a reader when every
 * challenge of the game with the title it names is hidden and locked to the reader's team (a
 * title the team can see elsewhere tells it nothing). Games without unlock rules cost nothing.
 */
import type { FastifyInstance } from 'fastify';
import { BLOOD_NOTICES } from '../../db/repositories/gameEvents.js';
import type { GameNotice } from '../../db/repositories/notices.js';
import {
  isOpen,
  isOpenToAll,
  NO_PROGRESS,
  type GameUnlockRules,
  type TeamProgress,
} from '../../domain/unlocks/rules.js';
import type { HubMessage } from '../realtime.js';
import { rowOf } from '../scoreboard/boardBytes.js';

type AudienceApp = Pick<FastifyInstance, 'db' | 'scoreboards' | 'unlocks'>;

/** The challenge title a notice names, if any. */
export function noticeTitle(notice: Pick<GameNotice, 'type' | 'values'>): string | undefined {
  if ((BLOOD_NOTICES as readonly string[]).includes(notice.type)) return notice.values[1];
  if (notice.type === 'NewHint' || notice.type === 'NewChallenge') return notice.values[0];
  return undefined;
}

/**
 * The titles some team may not be told of at `now`: title → the ids of the game's challenges
 * with it, when every one of them may be hidden while locked. Empty for most games.
 */
export async function maskedTitles(
  app: AudienceApp,
  gameId: number,
  rules: GameUnlockRules,
  now: number,
): Promise<Map<string, number[]>> {
  const masked = new Map<string, number[]>();
  if (rules.isEmpty) return masked;
  const challenges = await app.db
    .selectFrom('challenges')
    .select(['id', 'title'])
    .where('game_id', '=', gameId)
    .execute();
  const open = new Set<string>();
  for (const { id, title } of challenges) {
    const rule = rules.ruleOf(id);
    if (!rule || rule.showWhenLocked || isOpenToAll(rule, now)) open.add(title);
    else masked.set(title, [...(masked.get(title) ?? []), id]);
  }
  for (const title of open) masked.delete(title);
  return masked;
}

/** Whether a team with `progress` may be told of a notice naming challenges `ids`. */
const mayKnow = (
  rules: GameUnlockRules,
  ids: readonly number[],
  progress: TeamProgress,
  now: number,
) =>
  ids.some((id) => {
    const rule = rules.ruleOf(id);
    return !rule || isOpen(rule, progress, now);
  });

/** The notices a reader with `progress` (NO_PROGRESS: no team) may read. */
export async function noticesFor(
  app: AudienceApp,
  gameId: number,
  notices: GameNotice[],
  progress: TeamProgress | undefined,
  now: number,
): Promise<GameNotice[]> {
  const rules = await app.unlocks.rulesOf(gameId);
  if (rules.isEmpty) return notices;
  const masked = await maskedTitles(app, gameId, rules, now);
  if (masked.size === 0) return notices;
  return notices.filter((notice) => {
    const title = noticeTitle(notice);
    const ids = title === undefined ? undefined : masked.get(title);
    return !ids || mayKnow(rules, ids, progress ?? NO_PROGRESS, now);
  });
}

/**
 * Who may have a pushed notice: null for everyone, else the ids of the users whose team may know
 * of it (staff are let through by the caller). Reads every team's solves in one query and the
 * scores from the live board, only for a notice that names a masked title.
 */
export async function noticeAudience(
  app: AudienceApp,
  gameId: number,
  notice: Pick<GameNotice, 'type' | 'values'>,
  now: number,
): Promise<Set<string> | null> {
  const title = noticeTitle(notice);
  if (title === undefined) return null;
  const rules = await app.unlocks.rulesOf(gameId);
  if (rules.isEmpty) return null;
  const ids = (await maskedTitles(app, gameId, rules, now)).get(title);
  if (!ids) return null;
  const [solves, members] = await Promise.all([
    app.db
      .selectFrom('game_instances as i')
      .innerJoin('participations as p', 'p.id', 'i.participation_id')
      .select(['i.participation_id', 'i.challenge_id'])
      .where('p.game_id', '=', gameId)
      .where('i.is_solved', '=', 1)
      .execute(),
    app.db
      .selectFrom('participation_members as m')
      .innerJoin('participations as p', 'p.id', 'm.participation_id')
      .select(['m.participation_id', 'm.user_id', 'p.team_id'])
      .where('m.game_id', '=', gameId)
      .where('p.status', '=', 'Accepted')
      .execute(),
  ]);
  const solved = new Map<number, Set<number>>();
  for (const row of solves) {
    const set = solved.get(row.participation_id) ?? new Set<number>();
    set.add(row.challenge_id);
    solved.set(row.participation_id, set);
  }
  const board = app.scoreboards.peek(gameId);
  const scoreOf = (teamId: number) => {
    const row = board && rowOf(board, teamId);
    return row ? Number((JSON.parse(row) as { score?: number }).score ?? 0) : 0;
  };
  const allowed = new Set<string>();
  const decided = new Map<number, boolean>();
  for (const member of members) {
    let may = decided.get(member.participation_id);
    if (may === undefined) {
      const progress = {
        solved: solved.get(member.participation_id) ?? new Set<number>(),
        score: scoreOf(member.team_id),
      };
      may = mayKnow(rules, ids, progress, now);
      decided.set(member.participation_id, may);
    }
    if (may) allowed.add(member.user_id);
  }
  return allowed;
}

/** The users of a registration (the receivers of its own unlock message). */
export async function membersOf(
  app: Pick<FastifyInstance, 'db'>,
  participationId: number,
): Promise<Set<string>> {
  const rows = await app.db
    .selectFrom('participation_members')
    .select('user_id')
    .where('participation_id', '=', participationId)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/**
 * Who may have a message of the players' hub as far as unlocks go: null for everyone the game's
 * screen lets through, else the users who may (a team's own unlock message, a notice naming a
 * challenge hidden while locked).
 */
export async function messageAudience(
  app: AudienceApp,
  gameId: number,
  message: HubMessage,
  now: number,
): Promise<Set<string> | null> {
  if (message.target === 'ReceivedChallengeUnlock') {
    const { participationId } = message.payload as { participationId?: number };
    return participationId === undefined ? null : membersOf(app, participationId);
  }
  if (message.target === 'ReceivedGameNotice') {
    return noticeAudience(app, gameId, message.payload as Pick<GameNotice, 'type' | 'values'>, now);
  }
  return null;
}
