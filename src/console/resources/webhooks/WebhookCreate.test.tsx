import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '@/test/apiMock';
import { envelope, renderConsole } from '@/test/renderConsole';
import { buildGame } from '@/test/builders';
import { WebhookCreate } from './WebhookCreate';

const game = buildGame({ id: 7, title: 'Spring CTF' });

describe('WebhookCreate', () => {
  it('adds an endpoint for the game of the link, with the chosen events, then opens its page', async () => {
    fakeApi.on('GET', '/api/edit/games', 200, envelope([game]));
    fakeApi.on('GET', '/api/edit/games/7', 200, game);
    fakeApi.on('POST', '/api/admin/webhooks', 200, {
      id: 4,
      name: 'chat.example.org',
      url: 'https://chat.example.org/h',
      format: 'Discord',
      gameId: 7,
      gameTitle: 'Spring CTF',
      events: ['FirstBlood', 'SecondBlood', 'ThirdBlood', 'Solve', 'Notice'],
      enabled: true,
      holdDuringFreeze: false,
      secret: 'c'.repeat(64),
      createdAt: Date.now(),
      lastDelivery: null,
    });
    renderConsole(<WebhookCreate />, {
      route: '/webhooks/create?gameId=7',
      path: '/webhooks/create',
      resource: 'webhooks',
    });
    await screen.findByRole('textbox', { name: /URL/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solve' }));
    // A channel only organisers read: solves after the freeze come at once.
    const hold = screen.getByLabelText('Hold during the freeze') as HTMLInputElement;
    expect(hold.checked).toBe(true);
    fireEvent.click(hold);
    fireEvent.change(screen.getByRole('textbox', { name: /URL/ }), {
      target: { value: 'https://chat.example.org/h' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('POST', '/api/admin/webhooks')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/api/admin/webhooks')[0].body).toEqual({
      url: 'https://chat.example.org/h',
      format: 'Discord',
      gameId: 7,
      events: ['FirstBlood', 'SecondBlood', 'ThirdBlood', 'Solve', 'Notice'],
      enabled: true,
      holdDuringFreeze: false,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/webhooks/4/show');
  });

  it('refuses a URL that is not http or https before sending anything', async () => {
    fakeApi.on('GET', '/api/edit/games', 200, envelope([game]));
    renderConsole(<WebhookCreate />, {
      route: '/webhooks/create',
      path: '/webhooks/create',
      resource: 'webhooks',
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /URL/ }), {
      target: { value: 'ftp://chat.example.org/h' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/starting with http:\/\/ or https:\/\//)).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/admin/webhooks')).toHaveLength(0);
  });
});
