// The Award webhook event (issue 25): its summary in the chat formats and its fields.
import { describe, expect, it } from 'vitest';
import { discordBody } from '#server/services/webhooks/discordFormat.js';
import { eventSummary, eventTitle } from '#server/services/webhooks/events.js';
import { awardEvent } from '#server/services/webhooks/gameEvents.js';
import { jsonBody } from '#server/services/webhooks/jsonFormat.js';
import { slackBody } from '#server/services/webhooks/slackFormat.js';

const game = { id: 4, title: 'Spring Open', hidden: false };
const given = {
  id: 9,
  teamId: 2,
  teamName: 'Laurels',
  value: 150,
  reason: 'Best writeup',
  time: 5,
};

describe('the Award webhook event', () => {
  it('is keyed by the award, carries its time and is held by the freeze like a solve', () => {
    expect(awardEvent(game, given)).toEqual({
      event: 'Award',
      key: 'award:9',
      game,
      fields: {
        time: 5,
        team: { id: 2, name: 'Laurels' },
        award: { id: 9, value: 150, reason: 'Best writeup' },
      },
      solveTime: 5,
    });
  });

  it('says who got or lost how many points and why', () => {
    const payload = { ...awardEvent(game, given).fields, game: { id: 4, title: 'Spring Open' } };
    expect(eventTitle('Award')).toBe('Award');
    expect(eventSummary('Award', payload)).toBe('Laurels was given 150 points: Best writeup');
    const taken = { ...payload, award: { id: 9, value: -1, reason: 'Spam' } };
    expect(eventSummary('Award', taken)).toBe('Laurels lost 1 point: Spam');
    expect(jsonBody('Award', payload)).toMatchObject({
      event: 'Award',
      team: { name: 'Laurels' },
      award: { value: 150 },
    });
    expect(discordBody('Award', payload).embeds[0].fields).toEqual(
      expect.arrayContaining([
        { name: 'Points', value: '150', inline: true },
        { name: 'Reason', value: 'Best writeup', inline: true },
      ]),
    );
    expect(slackBody('Award', payload).text).toBe('Laurels was given 150 points: Best writeup');
  });
});
