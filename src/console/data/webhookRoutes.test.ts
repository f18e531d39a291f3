import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/apiMock';
import { envelope } from '@/test/renderConsole';
import { gameFilterOf, webhookBody, webhookRoutes } from './webhookRoutes';

describe('webhookRoutes', () => {
  it('sends a blank game as every game, events in the form’s order, the URL trimmed', () => {
    expect(
      webhookBody({
        url: ' https://chat.example.org/h ',
        gameId: '',
        events: ['Notice', 'FirstBlood', 'Solve'],
        enabled: false,
      }),
    ).toEqual({
      url: 'https://chat.example.org/h',
      gameId: null,
      events: ['FirstBlood', 'Solve', 'Notice'],
      enabled: false,
    });
    expect(webhookBody({ gameId: 12 })).toEqual({ gameId: 12 });
    expect(webhookBody({ gameId: null, name: 'Chat' })).toEqual({ gameId: null, name: 'Chat' });
    expect(webhookBody({})).toEqual({});
  });

  it('reads a game filter from the list query only when it is a game id', () => {
    expect(gameFilterOf({ filter: { gameId: '7' } })).toBe(7);
    expect(gameFilterOf({ filter: { gameId: 'x' } })).toBeUndefined();
    expect(gameFilterOf({ filter: {} })).toBeUndefined();
    expect(gameFilterOf(undefined)).toBeUndefined();
  });

  it('lists a game’s endpoints with the API’s game filter', async () => {
    fakeApi.on('GET', '/api/admin/webhooks', 200, envelope([]));
    await webhookRoutes.list({ skip: 0, count: 25 }, { filter: { gameId: 7 } });
    await webhookRoutes.list({ skip: 0, count: 25 }, {});
    const [filtered, all] = fakeApi.requests('GET', '/api/admin/webhooks');
    expect(filtered.query.get('gameId')).toBe('7');
    expect(all.query.has('gameId')).toBe(false);
  });
});
