// An organiser drives the API through the reference page's "Try it out": signs in, creates a
// game, and finds it in the list — unsafe calls pass the CSRF check like the web client's.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

describe('the API reference page', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pages = watchPages();

  /** Opens an operation by its deep link, fills the JSON body if given, executes, returns the status. */
  const tryItOut = async (tag: string, operationId: string, body?: unknown): Promise<number> => {
    await page.goto('about:blank'); // a hash-only change would not re-render the reference
    await page.goto(`${server.url}/api-docs#/${tag}/${operationId}`);
    const operation = page.locator(`#operations-${tag}-${operationId}`);
    await operation.getByRole('button', { name: 'Try it out' }).click();
    if (body !== undefined)
      await operation.locator('textarea.body-param__text').fill(JSON.stringify(body));
    await operation.getByRole('button', { name: 'Execute' }).click();
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    return Number((await status.textContent())?.trim().slice(0, 3));
  };

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    pages.watch(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs the organiser in', async () => {
    expect(
      await tryItOut('account', 'accountLogIn', { userName: 'admin', password: ADMIN_PASSWORD }),
    ).toBe(200);
  });

  it('creates a game with an unsafe request that passes the CSRF check', async () => {
    const now = Date.now();
    const status = await tryItOut('edit', 'editAddGame', {
      title: 'Docs Cup',
      start: now,
      end: now + 3_600_000,
      acceptWithoutReview: true,
    });
    await page.screenshot({ path: join(screenshots, 'api-docs-try-it-out.png'), fullPage: false });
    expect(status).toBe(200);
  });

  it('finds the game in the list', async () => {
    const games = await (await page.request.get(`${server.url}/api/edit/games?count=10`)).json();
    expect(games.data.map((g: { title: string }) => g.title)).toContain('Docs Cup');
  });

  it('logged no errors in the page', () => {
    expect(pages.errors).toEqual([]);
  });
});
