import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from '@/api/types';
import { fakeApi } from '@/test/apiMock';
import { envelope, renderConsole } from '@/test/renderConsole';
import { WebhookShow } from './WebhookShow';

const hook: Webhook = {
  id: 3,
  name: 'Announcements',
  url: 'https://chat.example.org/hooks/abc',
  format: 'Discord',
  gameId: 7,
  gameTitle: 'Spring CTF',
  events: ['FirstBlood', 'Notice'],
  enabled: true,
  holdDuringFreeze: true,
  secret: 'a'.repeat(64),
  createdAt: Date.now(),
  lastDelivery: null,
};

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  event: 'Test',
  status: 'Pending',
  attempts: 0,
  createdAt: Date.now(),
  lastAttemptAt: null,
  nextAttemptAt: Date.now(),
  lastStatusCode: null,
  lastError: null,
  heldUntil: null,
  ...overrides,
});

const LOG = '/api/admin/webhooks/3/deliveries';

const renderShow = () =>
  renderConsole(<WebhookShow />, {
    route: '/webhooks/3/show',
    path: '/webhooks/:id/show',
    resource: 'webhooks',
  });

describe('WebhookShow', () => {
  it('shows the settings, hides the secret until asked, and lists the deliveries', async () => {
    fakeApi.on('GET', '/api/admin/webhooks/3', 200, hook);
    fakeApi.on(
      'GET',
      LOG,
      200,
      envelope([
        delivery({
          id: 2,
          event: 'FirstBlood',
          status: 'Failed',
          attempts: 5,
          lastStatusCode: 500,
          lastError: 'The receiver answered 500',
        }),
        delivery({
          id: 1,
          status: 'Delivered',
          attempts: 1,
          lastStatusCode: 204,
          nextAttemptAt: null,
        }),
      ]),
    );
    renderShow();
    expect(await screen.findByText('Spring CTF')).toBeTruthy();
    expect(screen.getByText('Discord')).toBeTruthy();
    const secret = screen.getByLabelText('Signing secret') as HTMLInputElement;
    expect(secret.value).not.toContain('aaaa');
    fireEvent.click(screen.getByRole('button', { name: 'Show the secret' }));
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe(hook.secret);

    const table = await screen.findByRole('table', { name: 'Delivery log' });
    const [failed, delivered] = within(table).getAllByRole('row').slice(1);
    expect(within(failed).getByText('First blood')).toBeTruthy();
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Refused with 500')).toBeTruthy();
    expect(within(delivered).getByText('Answered 204')).toBeTruthy();
    // Only what is not pending can be sent again.
    expect(within(failed).getByRole('button', { name: 'Redeliver' })).toBeTruthy();
    // paged in react-admin's words, which every language has (MUI's own is English only: "1–2 of 2")
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeTruthy();
  });

  it('queues a test with Send test and reads the log again', async () => {
    fakeApi.on('GET', '/api/admin/webhooks/3', 200, hook);
    fakeApi.on('GET', LOG, 200, envelope([]));
    fakeApi.on('POST', '/api/admin/webhooks/3/test', 200, delivery({ id: 9 }));
    renderShow();
    expect(await screen.findByText(/Nothing sent yet/)).toBeTruthy();
    const reads = fakeApi.requests('GET', LOG).length;
    fakeApi.on('GET', LOG, 200, envelope([delivery({ id: 9 })]));
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    await waitFor(() =>
      expect(fakeApi.requests('POST', '/api/admin/webhooks/3/test')).toHaveLength(1),
    );
    expect(await screen.findByText(/Test queued/)).toBeTruthy();
    await waitFor(() => expect(fakeApi.requests('GET', LOG).length).toBeGreaterThan(reads));
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    expect(within(table).getByText('Pending')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Redeliver' })).toBeNull();
  });

  it('redelivers a failed delivery', async () => {
    fakeApi.on('GET', '/api/admin/webhooks/3', 200, hook);
    fakeApi.on(
      'GET',
      LOG,
      200,
      envelope([
        delivery({ id: 4, status: 'Failed', attempts: 5, lastError: 'No answer within 10 s' }),
      ]),
    );
    fakeApi.on('POST', '/api/admin/webhooks/3/deliveries/4/redeliver', 200, delivery({ id: 4 }));
    renderShow();
    expect(await screen.findByText('No answer: No answer within 10 s')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(fakeApi.requests('POST', '/api/admin/webhooks/3/deliveries/4/redeliver')).toHaveLength(
        1,
      ),
    );
  });
});
