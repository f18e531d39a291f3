/**
 * The webhook events of a checked batch (issue 17): a `Solve` per counted solve, a blood event
 * (`FirstBlood`…) for each of the first three when a blood notice was made for it, and a `Notice`
 * for each blood notice, but only to endpoints that do not take the blood's own event (issue 23:
 * a blood reaches each endpoint once). All of them tell of the solve, so they carry its time and
 * wait out the game's scoreboard freeze (services/webhooks/outbox.ts). Queued in the batch's
 * transaction, so they commit with the solves; the checker sends nothing.
 */
import type { Transaction } from 'kysely';
import type { Challenge } from '../../db/repositories/challenges.js';
import type { Game } from '../../db/repositories/games.js';
import type { GameNotice } from '../../db/repositories/notices.js';
import type { SubmissionView } from '../../db/repositories/submissions.js';
import type { WebhookEvent } from '../../db/repositories/webhooks.js';
import type { DB } from '../../db/schema.js';
import { noticeEvent } from '../webhooks/gameEvents.js';
import { enqueueEvents, type OutboxEvent } from '../webhooks/outbox.js';

export interface CountedSolve {
  submission: SubmissionView;
  game: Game;
  challenge: Challenge;
  /** Its place among the challenge's solvers. */
  order: number;
  /** The blood notice made for it, if any. */
  blood: GameNotice | null;
}

const gameOf = ({ id, title, hidden }: Game) => ({ id, title, hidden });

export function solveEvents(solves: readonly CountedSolve[]): OutboxEvent[] {
  const events: OutboxEvent[] = [];
  for (const { submission, game, challenge, order, blood } of solves) {
    const fields = {
      time: submission.time,
      team: { name: submission.teamName },
      user: { name: submission.userName },
      challenge: { id: challenge.id, title: challenge.title, category: challenge.category },
      order,
    };
    const key = `solve:${submission.id}`;
    const solveTime = submission.time;
    events.push({ event: 'Solve', key, game: gameOf(game), fields, solveTime });
    if (!blood) continue;
    const bloodEvent = blood.type as WebhookEvent;
    events.push({
      event: bloodEvent,
      key: `blood:${submission.id}`,
      game: gameOf(game),
      fields: { ...fields, time: blood.time },
      solveTime,
    });
    events.push({ ...noticeEvent(game, blood), solveTime, unlessTaken: bloodEvent });
  }
  return events;
}

/** Queues the batch's webhook events in its transaction. */
export async function queueSolveWebhooks(
  trx: Transaction<DB>,
  solves: readonly CountedSolve[],
): Promise<void> {
  if (solves.length > 0) await enqueueEvents(trx, solveEvents(solves));
}
