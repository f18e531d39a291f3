/** The outbox events of a game's notices, registrations and awards (./outbox.ts queues them). */
import type { GameNotice } from '../../db/repositories/notices.js';
import type { OutboxEvent } from './outbox.js';

export interface GameRef {
  id: number;
  title: string;
  hidden: boolean;
}

const refOf = ({ id, title, hidden }: GameRef): GameRef => ({ id, title, hidden });

/** A notice (an organiser's, or a blood notice of the platform). */
export function noticeEvent(game: GameRef, notice: GameNotice): OutboxEvent {
  return {
    event: 'Notice',
    key: `notice:${notice.id}`,
    game: refOf(game),
    fields: {
      time: notice.time,
      notice: { id: notice.id, type: notice.type, values: notice.values },
    },
  };
}

/** A team's registration for the game was created. */
export function teamRegisteredEvent(
  game: GameRef,
  registration: { id: number; teamId: number; teamName: string; time: number },
): OutboxEvent {
  return {
    event: 'TeamRegistered',
    key: `registration:${registration.id}`,
    game: refOf(game),
    fields: {
      time: registration.time,
      team: { id: registration.teamId, name: registration.teamName },
    },
  };
}

/**
 * An organiser gave or took points (issue 25). It tells of a change of score at the award's
 * time, so it carries that time and waits out the scoreboard freeze like a solve.
 */
export function awardEvent(
  game: GameRef,
  award: {
    id: number;
    teamId: number;
    teamName: string;
    value: number;
    reason: string;
    time: number;
  },
): OutboxEvent {
  return {
    event: 'Award',
    key: `award:${award.id}`,
    game: refOf(game),
    fields: {
      time: award.time,
      team: { id: award.teamId, name: award.teamName },
      award: { id: award.id, value: award.value, reason: award.reason },
    },
    solveTime: award.time,
  };
}
