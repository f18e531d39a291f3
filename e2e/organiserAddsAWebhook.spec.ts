// An organiser tells a chat about the game: from the console's Webhooks menu they add an endpoint
// pointing at a receiver this test starts (node:http on 127.0.0.1), open its page, press
// "Send test" and see the delivery arrive, signed with the secret the page shows, and marked
// delivered in the log. The pages pass axe without serious violations and fit a phone's width.
// Screenshots: test-results/screenshots/webhook-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { overflowingElements, rawTranslationKeys, waitUntilLoaded } from './support/pageChecks.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';
import {
  startWebhookReceiver,
  verify,
  type WebhookReceiver,
} from '../server/test/support/webhookReceiver.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const phone = { width: 375, height: 812 };

describe('an organiser adds a webhook and sends a test', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let receiver: WebhookReceiver;
  const pages = watchPages();
  let hookPath = '';

  const shot = (name: string) =>
    page.screenshot({
      path: join(screenshots, `webhook-${name}.png`),
      fullPage: true,
      animations: 'disabled',
    });

  /** Serious axe violations of the page. */
  async function seriousViolations(where: string) {
    return describeViolations(where, blocking(await runAxe(page)));
  }

  /** What a person would trip on: raw keys, serious axe violations. */
  async function checkPage(where: string) {
    await waitUntilLoaded(page);
    expect(await rawTranslationKeys(page), where).toEqual([]);
    expect(await seriousViolations(where)).toEqual([]);
  }

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    receiver = await startWebhookReceiver();
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      timezoneId: 'UTC',
    });
    page = await context.newPage();
    pages.watch(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  it('adds an endpoint for every game from the Webhooks menu', async () => {
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(/\/account\/login/);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/admin/);
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.getByText('No webhooks yet.').waitFor();
    await checkPage('webhooks (empty)');
    await page.getByRole('link', { name: 'Create' }).first().click();
    // A URL the server could not POST to is refused before anything is sent.
    await page.locator('input[name="url"]').fill('ftp://chat.example.org/hooks');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter an address starting with http:// or https://').waitFor();
    await page.locator('input[name="url"]').fill(receiver.url('/organiser'));
    await page.locator('input[name="name"]').fill('Crew chat');
    await page.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'Slack' }).click();
    await page.getByRole('checkbox', { name: 'Solve' }).check();
    await checkPage('webhook create');
    await shot('create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/webhooks\/\d+\/show$/);
    hookPath = new URL(page.url()).pathname;
    await page.getByText('Nothing sent yet').waitFor();
  });

  it('sends a test, which arrives signed and shows as delivered in the log', async () => {
    await page.getByRole('button', { name: 'Show the secret' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Send test' }).click();
    const [test] = await receiver.waitFor('/organiser', 1);
    expect(test.headers['x-vexil-event']).toBe('Test');
    expect(verify(test, secret)).toBe(true);
    expect(test.json).toMatchObject({ text: expect.any(String), blocks: expect.any(Array) });
    const log = page.getByRole('table', { name: 'Delivery log' });
    await log.getByText('Delivered').waitFor({ timeout: 15_000 });
    await log.getByText('Answered 200').waitFor();
    await checkPage('webhook show');
    await shot('show');

    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Crew chat' });
    await row.getByText('Delivered').waitFor();
    await row.getByText('All games').waitFor();
    await checkPage('webhooks list');
    await shot('list');
  });

  it('fits a phone’s width', async () => {
    await page.setViewportSize(phone);
    for (const path of ['/admin/webhooks', hookPath]) {
      await page.goto(`${server.url}${path}`);
      await page.getByText('Crew chat').first().waitFor();
      await waitUntilLoaded(page);
      expect(await overflowingElements(page), path).toEqual([]);
      const pageWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
      expect(pageWidth, path).toBeLessThanOrEqual(phone.width);
      expect(await seriousViolations(`${path} (phone)`)).toEqual([]);
    }
    await shot('show-phone');
  });

  it('logged no errors', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses.filter((r) => r !== '401 /api/account/profile')).toEqual([]);
  });
});
