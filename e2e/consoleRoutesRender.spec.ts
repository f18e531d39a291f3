// Every console route built so far renders real data for an organiser without errors; each is
// screenshotted so a person can look at it (test-results/screenshots/console-*.png).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, createGame } from '../server/test/support/competition.js';
import { launchBrowser, requireChromium } from './support/browser.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

describe.skipIf(!enabled)('console routes', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pages = watchPages();
  let routes: Array<{ name: string; path: string; expect: string }> = [];

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    const game = await createGame(server.app, { title: 'Winter Cup' });
    const web = await createChallenge(server.app, game.id, {
      title: 'Cookie Jar',
      category: 'Web',
      originalScore: 500,
    });
    await createChallenge(server.app, game.id, { title: 'Small RSA', category: 'Crypto' });
    const dynamic = await createChallenge(server.app, game.id, {
      title: 'Per-team Pwn',
      category: 'Pwn',
      type: 'DynamicContainer',
      flagTemplate: 'flag{[TEAM_HASH]_overflow}',
      isEnabled: false,
    });
    routes = [
      { name: 'users', path: '/admin/users', expect: 'admin' },
      { name: 'games', path: '/admin/games', expect: 'Winter Cup' },
      { name: 'game-edit', path: `/admin/games/${game.id}`, expect: 'Winter Cup' },
      { name: 'challenges', path: `/admin/games/${game.id}/challenges`, expect: 'Cookie Jar' },
      {
        name: 'challenge-edit',
        path: `/admin/games/${game.id}/challenges/${web.id}`,
        expect: 'Cookie Jar',
      },
      {
        name: 'flags',
        path: `/admin/games/${game.id}/challenges/${web.id}/flags`,
        expect: 'flag{',
      },
      {
        name: 'flag-template',
        path: `/admin/games/${game.id}/challenges/${dynamic.id}/flags`,
        expect: '[TEAM_HASH]',
      },
    ];
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
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

  it('renders each route with its data', async () => {
    for (const route of routes) {
      await page.goto(`${server.url}${route.path}`);
      await page.getByText(route.expect, { exact: false }).first().waitFor({ timeout: 15_000 });
      await page.screenshot({
        path: join(screenshots, `console-${route.name}.png`),
        fullPage: true,
      });
    }
  });

  it('logged no errors; the only failed requests were signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses.filter((r) => r !== '401 /api/account/profile')).toEqual([]);
  });
});
