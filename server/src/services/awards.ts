/**
 * Awards (issue 25): organisers give or take points from a team's registration in a game. Each
 * write is one transaction (an award given also queues its `Award` webhooks there, held during the
 * scoreboard freeze like a solve), then says that the board changed (scoreboard/boardChanges.ts):
 * the board counts the game's awards in its scores, rows and time lines.
 */
import {
  createAward,
  deleteAward,
  findAward,
  updateAward,
  type Award,
  type AwardChanges,
} from '../db/repositories/awards.js';
import type { Game } from '../db/repositories/games.js';
import { findParticipationOfTeam } from '../db/repositories/participations.js';
import type { DB } from '../db/schema.js';
import { withTransaction } from '../db/transaction.js';
import type { Kysely, Transaction } from 'kysely';
import { awardReason, awardTime, awardValue } from '../domain/awards.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import { boardChanged, type BoardChangeDeps } from './scoreboard/boardChanges.js';
import { awardEvent } from './webhooks/gameEvents.js';
import { enqueueEvents } from './webhooks/outbox.js';

export interface AwardInput {
  teamId: number;
  value: number;
  reason: string;
  time?: number | null;
}

export type AwardEdit = Partial<AwardInput>;

/** The team's registration in the game, or 400: an award goes only to a registered team. */
async function registrationOf(
  db: Kysely<DB> | Transaction<DB>,
  gameId: number,
  teamId: number,
): Promise<number> {
  const participation = await findParticipationOfTeam(db, gameId, teamId);
  if (!participation) throw new InvalidInput('The team is not registered for this game');
  return participation.id;
}

/** Gives the award; `givenBy` is the organiser's user id. */
export async function giveAward(
  deps: BoardChangeDeps,
  game: Game,
  input: AwardInput,
  givenBy: string | null,
  now: number = Date.now(),
): Promise<Award> {
  const value = awardValue(input.value);
  const reason = awardReason(input.reason);
  const time = awardTime(game, input.time, now);
  const award = await withTransaction(deps.db, async (trx) => {
    const participationId = await registrationOf(trx, game.id, input.teamId);
    const stored = await createAward(trx, {
      gameId: game.id,
      participationId,
      value,
      reason,
      time,
      givenBy,
      now,
    });
    await enqueueEvents(trx, [awardEvent(game, stored)], now);
    return stored;
  });
  boardChanged(deps, game.id);
  return award;
}

/** Changes what was sent of the award; 404 when it is not in the game. */
export async function editAward(
  deps: BoardChangeDeps,
  game: Game,
  awardId: number,
  edit: AwardEdit,
  now: number = Date.now(),
): Promise<Award> {
  const changes: AwardChanges = {};
  if (edit.value !== undefined) changes.value = awardValue(edit.value);
  if (edit.reason !== undefined) changes.reason = awardReason(edit.reason);
  if (edit.time !== undefined && edit.time !== null) {
    changes.time = awardTime(game, edit.time, now);
  }
  const award = await withTransaction(deps.db, async (trx) => {
    if (edit.teamId !== undefined) {
      changes.participationId = await registrationOf(trx, game.id, edit.teamId);
    }
    return updateAward(trx, game.id, awardId, changes, now);
  });
  if (!award) throw new NotFound('The award was not found');
  boardChanged(deps, game.id);
  return award;
}

/** Removes the award; 404 when it is not in the game. Answers what was removed. */
export async function removeAward(
  deps: BoardChangeDeps,
  game: Game,
  awardId: number,
): Promise<Award> {
  const award = await findAward(deps.db, game.id, awardId);
  if (!award || !(await deleteAward(deps.db, game.id, awardId))) {
    throw new NotFound('The award was not found');
  }
  boardChanged(deps, game.id);
  return award;
}
