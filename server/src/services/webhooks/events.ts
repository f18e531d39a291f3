/**
 * What a webhook delivery says: the event's fields as stored in the outbox (`payload`), and the
 * one-line English summary every chat format leads with. The plain JSON format sends the fields
 * as they are (./jsonFormat.ts).
 */
import type { WebhookDeliveryEvent } from '../../db/repositories/webhookDeliveries.js';

export type EventPayload = {
  /** When it happened (epoch ms). */
  time: number;
  /** Null for a test delivery of a global endpoint. */
  game: { id: number; title: string } | null;
  team?: { name: string; id?: number };
  challenge?: { id: number; title: string; category: string };
  user?: { name: string };
  /** The solve's place among the challenge's solvers (1 is first blood). */
  order?: number;
  notice?: { id: number; type: string; values: string[] };
  /** An organiser's award (issue 25): points given (positive) or taken (negative), and why. */
  award?: { id: number; value: number; reason: string };
  /** Game start and end (epoch ms). */
  start?: number;
  end?: number;
};

const BLOOD_NAMES: Record<string, string> = {
  FirstBlood: 'First blood',
  SecondBlood: 'Second blood',
  ThirdBlood: 'Third blood',
};

function noticeText(notice: NonNullable<EventPayload['notice']>): string {
  const [first = '', second = ''] = notice.values;
  if (notice.type in BLOOD_NAMES) return `${BLOOD_NAMES[notice.type]}: ${first} solved ${second}`;
  if (notice.type === 'NewHint') return `New hint for ${first}`;
  if (notice.type === 'NewChallenge') return `New challenge: ${first}`;
  return first;
}

/** "Compilers was given 50 points: best writeup" (or "lost 20 points"). */
function awardText(team: string, award: EventPayload['award']): string {
  if (!award) return team;
  const points = Math.abs(award.value) === 1 ? 'point' : 'points';
  const what =
    award.value >= 0
      ? `was given ${award.value} ${points}`
      : `lost ${Math.abs(award.value)} ${points}`;
  return `${team} ${what}: ${award.reason}`;
}

/** A short title of the event ("First blood", "Game started"…). */
export function eventTitle(event: WebhookDeliveryEvent): string {
  switch (event) {
    case 'FirstBlood':
    case 'SecondBlood':
    case 'ThirdBlood':
      return BLOOD_NAMES[event];
    case 'Solve':
      return 'Solve';
    case 'Notice':
      return 'Notice';
    case 'GameStart':
      return 'Game started';
    case 'GameEnd':
      return 'Game ended';
    case 'TeamRegistered':
      return 'Team registered';
    case 'Award':
      return 'Award';
    case 'Test':
      return 'Test';
  }
}

/** One line saying what happened, in plain text (each format escapes it as it needs). */
export function eventSummary(event: WebhookDeliveryEvent, payload: EventPayload): string {
  const team = payload.team?.name ?? '';
  const challenge = payload.challenge?.title ?? '';
  const game = payload.game?.title ?? '';
  switch (event) {
    case 'FirstBlood':
    case 'SecondBlood':
    case 'ThirdBlood':
      return `${BLOOD_NAMES[event]}! ${team} solved ${challenge}`;
    case 'Solve':
      return `${team} solved ${challenge}`;
    case 'Notice':
      return payload.notice ? noticeText(payload.notice) : '';
    case 'GameStart':
      return `${game} has started`;
    case 'GameEnd':
      return `${game} has ended`;
    case 'TeamRegistered':
      return `${team} registered for ${game}`;
    case 'Award':
      return awardText(team, payload.award);
    case 'Test':
      return 'A test delivery from Vexil: this endpoint is reachable.';
  }
}
