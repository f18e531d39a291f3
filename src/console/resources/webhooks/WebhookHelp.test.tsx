// The webhook help inside the console (issue 23): "How webhooks work" opens, from the endpoint's
// page, a dialog that says what each event means (and that a blood comes once), that the freeze
// holds solves back, the body formats, the signature with a Node example and the retries; a
// held delivery says until when; and every help text is translated in every language.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Webhook } from '@/api/types';
import { fakeApi } from '@/test/apiMock';
import { envelope, renderConsole } from '@/test/renderConsole';
import { SIGNATURE_EXAMPLE } from './WebhookHelp';
import { WebhookShow } from './WebhookShow';

const hook: Webhook = {
  id: 4,
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

const files = import.meta.glob<unknown>('/locales/*/translation.json', {
  eager: true,
  import: 'default',
});
type Tree = { [key: string]: string | Tree };
const helpOf = (messages: unknown) =>
  ((messages as Tree).resources as Tree).webhooks as Tree & { help: Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v]] : leaves(v, `${prefix}${k}.`),
  );

describe('WebhookHelp', () => {
  it('opens from the endpoint’s page and explains events, freeze, formats, signature, retries', async () => {
    const end = Date.UTC(2026, 5, 1, 18);
    fakeApi.on('GET', '/api/admin/webhooks/4', 200, hook);
    fakeApi.on(
      'GET',
      '/api/admin/webhooks/4/deliveries',
      200,
      envelope([
        {
          id: 9,
          event: 'Solve',
          status: 'Pending',
          attempts: 0,
          createdAt: Date.now(),
          lastAttemptAt: null,
          nextAttemptAt: Date.now(),
          lastStatusCode: null,
          lastError: null,
          heldUntil: end,
        },
      ]),
    );
    renderConsole(<WebhookShow />, {
      route: '/webhooks/4/show',
      path: '/webhooks/:id/show',
      resource: 'webhooks',
    });
    // The held solve says until when.
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    expect(await within(table).findByText(/^Held until .+ \(scoreboard freeze\)$/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'How webhooks work' }));
    const dialog = await screen.findByRole('dialog', { name: 'How webhooks work' });
    const help = within(dialog);
    for (const heading of [
      'Events',
      'Scoreboard freeze',
      'Body formats',
      'Checking the signature',
      'Retries',
    ]) {
      expect(help.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(help.getByText('First blood · Second blood · Third blood')).toBeTruthy();
    expect(help.getByText(/Each blood reaches an endpoint once/)).toBeTruthy();
    expect(
      help.getByText(/solves, bloods and blood notices are held until the game ends/),
    ).toBeTruthy();
    expect(help.getByText(/X-Vexil-Signature: "sha256="/)).toBeTruthy();
    const example = help.getByRole('region', { name: 'Example: checking the signature in Node' });
    expect(example.textContent).toBe(SIGNATURE_EXAMPLE);
    expect(help.getByText(/after 30 seconds, then 2, 8 and 32 minutes/)).toBeTruthy();
    // No link to a file a hosted site does not serve.
    expect(dialog.textContent).not.toContain('docs/');

    fireEvent.click(help.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is written in every language, not copied from English', () => {
    const english = new Map(leaves(helpOf(files['/locales/en-US/translation.json']).help));
    expect(english.size).toBeGreaterThan(15);
    const languages = Object.keys(files).filter((path) => !path.includes('en-US'));
    expect(languages).toHaveLength(10);
    for (const path of languages) {
      const webhooks = helpOf(files[path]);
      const help = new Map(leaves(webhooks.help));
      expect([...help.keys()].sort(), path).toEqual([...english.keys()].sort());
      for (const [key, text] of help) expect(text, `${path} ${key}`).not.toBe(english.get(key));
      const secretHelper = (webhooks.helpers as Tree).secret as string;
      expect(secretHelper, path).not.toContain('docs/');
    }
  });
});
