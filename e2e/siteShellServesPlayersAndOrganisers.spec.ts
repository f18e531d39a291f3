// The built site in Chromium: the home page shows the configured title from the API, the API
// reference renders, the console opens on demand, and an unknown /api path stays JSON.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, requireChromium } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

describe.skipIf(!enabled)('site shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the configured title and slogan on the home page', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('GZ CTF');
    await page.getByText('Hack for fun not for profit').waitFor();
    expect(await page.title()).toContain('GZ CTF');
    await page.screenshot({ path: join(screenshots, 'home.png') });
  });

  it('opens the API reference from the spec', async () => {
    await page.goto(`${server.url}/api-docs`);
    await page.getByText('Vexil API', { exact: false }).first().waitFor({ timeout: 15_000 });
    await page.getByText('/api/account/register').first().waitFor();
    await page.screenshot({ path: join(screenshots, 'api-docs.png') });
  });

  it('loads the organisers console only when an admin route opens', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(scripts.some((url) => /Console/.test(url))).toBe(false);
    await page.goto(`${server.url}/Admin`);
    await page.getByText('GZ CTF', { exact: false }).first().waitFor();
    expect(scripts.some((url) => /Console/.test(url))).toBe(true);
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

  it('logged no errors in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
