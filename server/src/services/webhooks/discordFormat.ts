/**
 * The Discord-compatible format, as Discord's incoming webhooks take it: `content` with the
 * summary and one embed with the details. Mentions are switched off (`allowed_mentions`), so a
 * team named `@everyone` pings nobody.
 */
import type { WebhookDeliveryEvent } from '../../db/repositories/webhookDeliveries.js';
import { eventSummary, eventTitle, type EventPayload } from './events.js';

const COLORS: Partial<Record<WebhookDeliveryEvent, number>> = {
  FirstBlood: 0xd4af37,
  SecondBlood: 0xc0c0c0,
  ThirdBlood: 0xcd7f32,
  Solve: 0x2e7d32,
  GameStart: 0x1565c0,
  GameEnd: 0x6a1b9a,
  Award: 0xef6c00,
};

/** Discord's own markdown characters (\x60 is the backtick), escaped so names show as written. */
const escape = (text: string) => text.replace(/[\\*_~\x60|>]/g, (c) => `\\${c}`);

export function discordBody(event: WebhookDeliveryEvent, payload: EventPayload) {
  const fields: { name: string; value: string; inline: boolean }[] = [];
  const add = (name: string, value: string | undefined) => {
    if (value) fields.push({ name, value: escape(value).slice(0, 1024), inline: true });
  };
  add('Game', payload.game?.title);
  add('Team', payload.team?.name);
  add('Challenge', payload.challenge?.title);
  add('Category', payload.challenge?.category);
  add('Player', payload.user?.name);
  add('Points', payload.award && String(payload.award.value));
  add('Reason', payload.award?.reason);
  const summary = escape(eventSummary(event, payload)).slice(0, 2000);
  return {
    content: summary,
    embeds: [
      {
        title: eventTitle(event),
        description: summary.slice(0, 4096),
        color: COLORS[event] ?? 0x546e7a,
        timestamp: new Date(payload.time).toISOString(),
        fields,
        footer: { text: 'Vexil' },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
