// The built site in Chromium: the home page shows the configured title from the API, the API
// reference renders, the console opens on demand, and an unknown /api path stays JSON.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

describe('site shell in Chromium', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pages = watchPages();

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    pages.watch(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the configured title and slogan on the home page', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vexil CTF');
    await page.getByText('Hack for fun not for profit').waitFor();
    expect(await page.title()).toContain('Vexil CTF');
    await page.screenshot({ path: join(screenshots, 'home.png') });
  });

  it('opens the API reference from the spec', async () => {
    await page.goto(`${server.url}/api-docs`);
    await page.getByText('Vexil API', { exact: false }).first().waitFor({ timeout: 15_000 });
    await page.getByText('/api/account/register').first().waitFor();
    await page.screenshot({ path: join(screenshots, 'api-docs.png') });
  });

  it('sends visitors from the console to sign in, and loads it only for an organiser', async () => {
    const loadedConsole = () => pages.scripts.some((url) => /Console/.test(url));
    await page.goto(`${server.url}/Admin`);
    await page.waitForURL(/\/account\/login\?from=/);
    expect(loadedConsole()).toBe(false);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/admin/i);
    // The console's own page, not the site's: its home and its menu. (The platform title it shows
    // in the app bar only until the home sets its own was a race to look for.)
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
    expect(loadedConsole()).toBe(true);
    await page.screenshot({ path: join(screenshots, 'admin.png') });
  });

  it('shows the not-found page for unknown client routes, JSON for unknown API paths', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    const api = await page.request.get(`${server.url}/api/no/such/thing`);
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ title: 'No such API endpoint', status: 404 });
  });

  it('logged no errors; the only failed requests were the documented ones', () => {
    expect(pages.errors).toEqual([]);
    expect(new Set(pages.failedResponses)).toEqual(new Set(['401 /api/account/profile']));
  });
});
