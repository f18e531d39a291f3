// An organiser on a hosted site learns how webhooks work without leaving the console (issue 23,
// journey 10): "How webhooks work" opens from the empty Webhooks page, from the form while they
// tick events, and from an endpoint's page, at desktop (1280) and phone (375) widths. The help
// says what each event means and that a blood comes once, that the freeze holds solves until
// the end, the body formats, how to check the signature (a Node example) and the retries; it
// sends nobody to docs/. Every page, with the help open too, passes axe with no critical or
// serious violation, shows no raw translation key and fits a phone's width.
// Screenshots: test-results/screenshots/webhook-help-*.png.
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

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;

describe(
  'an organiser reads the webhook help in the console',
  skipUnless(enabled, noChromium),
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    const pages = watchPages();
    let hookPath = '';

    /** What a person would trip on: raw keys, critical or serious axe violations, a page wider
     *  than the screen. */
    async function checkPage(where: string, width: number) {
      await waitUntilLoaded(page);
      expect(await rawTranslationKeys(page), where).toEqual([]);
      expect(describeViolations(where, blocking(await runAxe(page)))).toEqual([]);
      expect(await overflowingElements(page), where).toEqual([]);
      const pageWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
      expect(pageWidth, where).toBeLessThanOrEqual(width);
    }

    /** Opens the help, checks what it says and the page with it open, closes it. */
    async function readHelp(where: string, width: number, shot: string) {
      await page.getByRole('button', { name: 'How webhooks work' }).first().click();
      const help = page.getByRole('dialog', { name: 'How webhooks work' });
      await help.waitFor();
      for (const heading of [
        'Events',
        'Scoreboard freeze',
        'Body formats',
        'Checking the signature',
        'Retries',
      ]) {
        await help.getByRole('heading', { name: heading }).waitFor();
      }
      await help.getByText('Each blood reaches an endpoint once', { exact: false }).waitFor();
      await help.getByText('held until the game ends', { exact: false }).waitFor();
      const example = help.getByRole('region', { name: 'Example: checking the signature in Node' });
      expect(await example.textContent()).toContain("createHmac('sha256', secret)");
      expect(await help.textContent()).not.toContain('docs/');
      await checkPage(`${where} (help open)`, width);
      await page.screenshot({
        path: join(screenshots, `webhook-help-${shot}.png`),
        animations: 'disabled',
      });
      // Close stays in sight while the help scrolls, on a phone too.
      const close = help.getByRole('button', { name: 'Close' });
      const box = await close.boundingBox();
      expect(box, where).not.toBeNull();
      expect(box!.y + box!.height, where).toBeLessThanOrEqual(page.viewportSize()!.height);
      await close.click();
      await help.waitFor({ state: 'detached' });
    }

    beforeAll(async () => {
      await mkdir(screenshots, { recursive: true });
      server = await startServer();
      browser = await launchBrowser();
      const context = await browser.newContext({
        viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height },
        timezoneId: 'UTC',
      });
      page = await context.newPage();
      pages.watch(page);
      await page.goto(`${server.url}/admin`);
      await page.waitForURL(/\/account\/login/);
      await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL(/\/admin/);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    for (const { name, width, height } of WIDTHS) {
      it(`opens the help from the empty list and the form (${name})`, async () => {
        await page.setViewportSize({ width, height });
        await page.goto(`${server.url}/admin/webhooks`);
        await page.getByText('No webhooks yet.').waitFor();
        await checkPage(`webhooks, empty (${name})`, width);
        await readHelp(`webhooks, empty (${name})`, width, `list-${name}`);

        await page.goto(`${server.url}/admin/webhooks/create`);
        await page.locator('input[name="url"]').waitFor();
        await checkPage(`webhook create (${name})`, width);
        await readHelp(`webhook create (${name})`, width, `create-${name}`);
      });
    }

    it('opens the help from an endpoint’s page (desktop, then phone)', async () => {
      await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
      await page.goto(`${server.url}/admin/webhooks/create`);
      await page.locator('input[name="url"]').fill('https://chat.example.org/hooks/help');
      await page.locator('input[name="name"]').fill('Help desk');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/admin\/webhooks\/\d+\/show$/);
      hookPath = new URL(page.url()).pathname;
      for (const { name, width, height } of WIDTHS) {
        await page.setViewportSize({ width, height });
        await page.goto(`${server.url}${hookPath}`);
        await page.getByText('Help desk').first().waitFor();
        await checkPage(`webhook show (${name})`, width);
        await readHelp(`webhook show (${name})`, width, `show-${name}`);
      }
    });

    it('logged no errors', () => {
      expect(pages.errors).toEqual([]);
      expect(pages.failedResponses.filter((r) => r !== '401 /api/account/profile')).toEqual([]);
    });
  },
);
