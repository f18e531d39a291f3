// Every console route renders a game in full swing for an organiser without errors, also when the
// path is typed in another letter case; each is screenshotted so a person can look at it
// (test-results/screenshots/console-*.png).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { seedGameInFullSwing, type ConsoleSeed } from './support/consoleSeed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

interface ConsoleRoute {
  name: string;
  path: string;
  /** What shows that the route rendered its data. */
  shows: (page: Page) => Locator;
}

const text = (value: string) => (page: Page) => page.getByText(value, { exact: false }).first();

function routesOf(seed: ConsoleSeed): ConsoleRoute[] {
  const game = `/admin/games/${seed.gameId}`;
  const challenge = `${game}/challenges/${seed.staticChallenge.id}`;
  const review = (page: Page) =>
    page.getByRole('region', { name: 'Accepted' }).getByText(seed.acceptedTeam);
  return [
    {
      name: 'home',
      path: '/admin',
      shows: (page) => page.getByTestId(`home-game-${seed.gameId}`),
    },
    { name: 'users', path: '/admin/users', shows: text('linus') },
    { name: 'users-case', path: '/admin/Users', shows: text('linus') },
    { name: 'teams', path: '/admin/teams', shows: text(seed.pendingTeam) },
    {
      name: 'instances',
      path: '/admin/instances',
      shows: text(seed.containerRunning ? seed.acceptedTeam : 'No challenge container is running'),
    },
    { name: 'logs', path: '/admin/logs', shows: text('signed in') },
    {
      name: 'settings',
      path: '/admin/settings',
      shows: (page) => page.getByRole('textbox', { name: 'Platform name' }),
    },
    { name: 'games', path: '/admin/games', shows: text(seed.gameTitle) },
    {
      name: 'game-edit',
      path: game,
      shows: (page) => page.getByRole('textbox', { name: 'Title' }),
    },
    {
      name: 'game-info',
      path: `${game}/info`,
      shows: (page) => page.getByRole('tab', { name: 'Info', selected: true }),
    },
    { name: 'notices', path: `${game}/notices`, shows: text(seed.notice) },
    {
      name: 'review',
      path: `${game}/review`,
      shows: (page) => page.getByRole('region', { name: 'Pending' }).getByText(seed.pendingTeam),
    },
    { name: 'review-case', path: `/admin/Games/${seed.gameId}/Review`, shows: review },
    { name: 'writeups', path: `${game}/writeups`, shows: text(seed.acceptedTeam) },
    { name: 'challenges', path: `${game}/challenges`, shows: text(seed.staticChallenge.title) },
    {
      name: 'challenge-edit',
      path: challenge,
      shows: (page) => page.getByRole('textbox', { name: 'Title' }),
    },
    { name: 'flags', path: `${challenge}/flags`, shows: text(seed.staticChallenge.flags[1]) },
    {
      name: 'flags-case',
      path: `/ADMIN/games/${seed.gameId}/Challenges/${seed.staticChallenge.id}/Flags`,
      shows: text(seed.staticChallenge.flags[0]),
    },
    {
      name: 'flag-template',
      path: `${game}/challenges/${seed.templateChallenge.id}/flags`,
      shows: text(seed.templateChallenge.flagTemplate),
    },
    { name: 'posts', path: '/admin/posts', shows: text(seed.postTitle) },
    { name: 'webhooks', path: '/admin/webhooks', shows: text(seed.webhook.name) },
    {
      name: 'webhook-show',
      path: `/admin/webhooks/${seed.webhook.id}/show`,
      shows: text('Nothing sent yet'),
    },
  ];
}

describe('console routes', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let seed: ConsoleSeed;
  const pages = watchPages();

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer({ DOCKER_HOST: process.env.DOCKER_HOST ?? '' });
    seed = await seedGameInFullSwing(server);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    pages.watch(page);
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(/\/account\/login/);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/admin/);
  });

  afterAll(async () => {
    await seed?.cleanUp();
    await browser?.close();
    await server?.stop();
  });

  it('renders each route with its data', async () => {
    for (const route of routesOf(seed)) {
      await page.goto(`${server.url}${route.path}`);
      await route.shows(page).waitFor({ timeout: 15_000 });
      // skeletons and fading notifications settle before the picture
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await page.screenshot({
        path: join(screenshots, `console-${route.name}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    }
  });

  it('logged no errors; the only failed requests were signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses.filter((r) => r !== '401 /api/account/profile')).toEqual([]);
  });
});
