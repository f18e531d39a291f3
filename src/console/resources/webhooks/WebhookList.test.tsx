import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Webhook } from '@/api/types';
import { fakeApi } from '@/test/apiMock';
import { envelope, renderConsole } from '@/test/renderConsole';
import { WebhookList } from './WebhookList';

const hook = (overrides: Partial<Webhook>): Webhook => ({
  id: 1,
  name: 'Chat',
  url: 'https://chat.example.org/h',
  format: 'Discord',
  gameId: null,
  gameTitle: null,
  events: ['FirstBlood'],
  enabled: true,
  holdDuringFreeze: true,
  secret: 'b'.repeat(64),
  createdAt: Date.now(),
  lastDelivery: null,
  ...overrides,
});

describe('WebhookList', () => {
  it('shows each endpoint’s scope, format, events and last delivery', async () => {
    fakeApi.on(
      'GET',
      '/api/admin/webhooks',
      200,
      envelope([
        hook({
          id: 2,
          name: 'Scores',
          format: 'Json',
          gameId: 7,
          gameTitle: 'Spring CTF',
          events: [],
        }),
        hook({
          id: 1,
          lastDelivery: {
            id: 5,
            event: 'FirstBlood',
            status: 'Failed',
            attempts: 5,
            createdAt: Date.now(),
            lastAttemptAt: Date.now(),
            nextAttemptAt: null,
            lastStatusCode: 500,
            lastError: 'The receiver answered 500',
            heldUntil: null,
          },
        }),
      ]),
    );
    renderConsole(<WebhookList />, { route: '/webhooks', path: '/webhooks', resource: 'webhooks' });
    const [scores, chat] = (await screen.findAllByRole('row')).slice(1);
    expect(within(scores).getByText('Spring CTF')).toBeTruthy();
    expect(within(scores).getByText('Plain JSON')).toBeTruthy();
    expect(within(scores).getByText('Tests only')).toBeTruthy();
    expect(within(scores).getByText('Never sent')).toBeTruthy();
    expect(within(chat).getByText('All games')).toBeTruthy();
    expect(within(chat).getByText('First blood')).toBeTruthy();
    expect(within(chat).getByText('Failed')).toBeTruthy();
  });

  it('asks the API for one game’s endpoints when filtered by game, and creates for it', async () => {
    fakeApi.on(
      'GET',
      '/api/admin/webhooks',
      200,
      envelope([hook({ gameId: 7, gameTitle: 'Spring CTF' })]),
    );
    const filter = encodeURIComponent(JSON.stringify({ gameId: 7 }));
    renderConsole(<WebhookList />, {
      route: `/webhooks?filter=${filter}`,
      path: '/webhooks',
      resource: 'webhooks',
    });
    expect(await screen.findByText('Webhooks of Spring CTF')).toBeTruthy();
    expect(fakeApi.requests('GET', '/api/admin/webhooks')[0].query.get('gameId')).toBe('7');
    // A new endpoint from here is for that game.
    expect(screen.getByRole('link', { name: 'Create' }).getAttribute('href')).toBe(
      '/webhooks/create?gameId=7',
    );
  });
});
