/**
 * Hints with a price (issue 25): organisers edit a challenge's priced hints; a team unlocks one
 * once, paying its cost per the game's policy (domain/scoring/hintPrices.ts turns paid unlocks
 * into score adjustments at each board build). Writes that change what the board counts say so
 * (scoreboard/boardChanges.ts); an unlock tells the team's members on the players' hub.
 */
import type { Kysely } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import type { Game } from '../db/repositories/games.js';
import {
  createChallengeHint,
  deleteChallengeHint,
  listChallengeHints,
  recordHintUnlock,
  teamUnlockedHints,
  updateChallengeHint,
  type PricedHint,
} from '../db/repositories/hints.js';
import type { DB } from '../db/schema.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import type { RealtimeBus } from './realtime.js';
import { boardChanged, type BoardChangeDeps } from './scoreboard/boardChanges.js';
import { announceUnlocks } from './unlocks/releases.js';

type ChallengePricedHint = components['schemas']['ChallengePricedHint'];

export interface HintDeps extends BoardChangeDeps {
  realtime: RealtimeBus;
}

export interface HintEdit {
  content?: string;
  cost?: number;
}

const hintContent = (content: string): string => {
  if (!content.trim()) throw new InvalidInput('The hint must not be blank');
  return content;
};

/** After the end every hint is free to read, and unlocking changes no score. */
export const hintsAreFree = (game: Pick<Game, 'end'>, now: number): boolean => now >= game.end;

export async function addPricedHint(
  deps: BoardChangeDeps,
  game: Game,
  challengeId: number,
  edit: HintEdit,
): Promise<PricedHint> {
  if (edit.content === undefined) throw new InvalidInput('The hint must have a content');
  return createChallengeHint(deps.db, {
    gameId: game.id,
    challengeId,
    content: hintContent(edit.content),
    cost: edit.cost ?? 0,
  });
}

/** A new cost applies to later unlocks: the board counts the price each unlock was made at. */
export async function editPricedHint(
  deps: BoardChangeDeps,
  challengeId: number,
  hintId: number,
  edit: HintEdit,
): Promise<PricedHint> {
  const hint = await updateChallengeHint(deps.db, challengeId, hintId, {
    content: edit.content === undefined ? undefined : hintContent(edit.content),
    cost: edit.cost,
  });
  if (!hint) throw new NotFound('The hint was not found');
  return hint;
}

/** Removes the hint with its unlocks: the prices paid for it go too. */
export async function removePricedHint(
  deps: BoardChangeDeps,
  game: Game,
  challengeId: number,
  hintId: number,
): Promise<void> {
  if (!(await deleteChallengeHint(deps.db, challengeId, hintId))) {
    throw new NotFound('The hint was not found');
  }
  boardChanged(deps, game.id);
}

/** The challenge's priced hints as the team sees them (texts of unlocked ones, all after the end). */
export async function teamPricedHints(
  db: Kysely<DB>,
  game: Game,
  participationId: number,
  challengeId: number,
  now: number,
): Promise<ChallengePricedHint[]> {
  const hints = await listChallengeHints(db, challengeId);
  if (hints.length === 0) return [];
  const unlocked = await teamUnlockedHints(db, participationId, challengeId);
  const free = hintsAreFree(game, now);
  return hints.map((hint) => ({
    id: hint.id,
    cost: hint.cost,
    unlocked: unlocked.has(hint.id),
    content: free || unlocked.has(hint.id) ? hint.content : null,
  }));
}

export interface UnlockRequest {
  game: Game;
  participationId: number;
  challengeId: number;
  hintId: number;
  user: { id: string; userName: string };
  now: number;
}

/**
 * Unlocks the hint for the team: recorded once (the database's unique key decides between
 * members pressing at once, on any instance), with the hint's cost at that moment. After the
 * end nothing is recorded. The board is rebuilt when the price counts at once.
 */
export async function unlockHint(
  deps: HintDeps,
  request: UnlockRequest,
): Promise<{ hint: ChallengePricedHint; recorded: boolean }> {
  const { game, participationId, challengeId, hintId, user, now } = request;
  const hint = (await listChallengeHints(deps.db, challengeId)).find((h) => h.id === hintId);
  if (!hint) throw new NotFound('The hint was not found');
  const view = (unlocked: boolean): ChallengePricedHint => ({
    id: hint.id,
    cost: hint.cost,
    unlocked,
    content: hint.content,
  });
  if (hintsAreFree(game, now)) {
    const had = (await teamUnlockedHints(deps.db, participationId, challengeId)).has(hint.id);
    return { hint: view(had), recorded: false };
  }
  const recorded = await recordHintUnlock(deps.db, {
    gameId: game.id,
    challengeId,
    hintId: hint.id,
    participationId,
    userId: user.id,
    userName: user.userName,
    cost: hint.cost,
    time: now,
  });
  if (recorded) {
    // Under OnSolve the price counts at the team's solve, whose own rebuild shows it.
    if (hint.cost > 0 && game.hintPolicy === 'AtUnlock') boardChanged(deps, game.id);
    announceUnlocks(deps.realtime, game.id, participationId);
  }
  return { hint: view(true), recorded };
}
