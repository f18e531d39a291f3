// An organiser keeps the console home open while a game runs: first the empty state leading to
// game creation, then, once a game is seeded through the admin API, its card; a player's team
// registering and a submission arriving change the figures without a reload. Checked with axe and
// at phone width. Screenshots: test-results/screenshots/console-home-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerTeamInGame,
  registerThroughApi,
  signInThroughApi,
  type ApiSession,
} from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { overflowingElements, rawTranslationKeys, waitUntilLoaded } from './support/pageChecks.js';
import { seedRunningGame, submitFlag, type SeededGame } from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

describe('an organiser watches the console home', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let admin: ApiSession;
  let player: ApiSession;
  let game: SeededGame;
  const pages = watchPages();

  const shot = (target: Page, name: string) =>
    target.screenshot({
      path: join(screenshots, `console-home-${name}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  const card = () => page.getByTestId(`home-game-${game.id}`);
  const figure = (id: string): Locator => card().getByTestId(`${id}-value`);
  const expectAccessible = async (target: Page, where: string) => {
    const found = blocking(await runAxe(target));
    expect(found, describeViolations(where, found).join('\n')).toEqual([]);
  };

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    pages.watch(page);
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await player?.dispose();
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('says what to do while no game runs', async () => {
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(/\/account\/login/);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/admin\/?$/);
    await page.getByText('No game is running').waitFor();
    const create = page.getByRole('link', { name: 'Create a game' });
    expect(await create.getAttribute('href')).toBe('/admin/games/create');
    await waitUntilLoaded(page);
    await expectAccessible(page, 'empty console home');
    await shot(page, 'empty');
  });

  it('shows a running game, then a team registering without a reload', async () => {
    game = await seedRunningGame(admin, { acceptWithoutReview: false });
    await page.reload();
    await card().waitFor();
    await expect.poll(() => figure('home-teams').textContent()).toBe('0 accepted of 0');
    await expect.poll(() => figure('home-pending').textContent()).toBe('0');
    // live from here on: the hubs are connected once the status says so
    await page.getByRole('status').getByText('Live').waitFor();

    player = await registerThroughApi(server.url, {
      userName: `ada${Date.now() % 100000}`,
      password: 'Lovelace1815',
      email: 'ada@example.com',
    });
    await registerTeamInGame(player, game.id, { name: 'Analytical Engines' });
    await expect.poll(() => figure('home-teams').textContent()).toBe('0 accepted of 1');
    await expect.poll(() => figure('home-pending').textContent()).toBe('1');
    const review = card().getByRole('link', { name: 'Review them' });
    expect(await review.getAttribute('href')).toBe(`/admin/games/${game.id}/review`);
  });

  it('counts an accepted team and a submission as they happen', async () => {
    const [registration] = await (await admin.get(`/api/game/${game.id}/participations`)).json();
    await admin.call('PUT', `/api/admin/participation/${registration.id}`, {
      data: { status: 'Accepted' },
    });
    await expect.poll(() => figure('home-teams').textContent()).toBe('1 accepted of 1');
    await expect.poll(() => figure('home-pending').textContent()).toBe('0');

    const before = Number(await figure('home-submissions').textContent());
    expect(await submitFlag(player, game.id, game.challenge.id, 'flag{not_it}')).toBe(
      'WrongAnswer',
    );
    // the minute may turn meanwhile: one more, or the one submission of a new minute
    await expect
      .poll(async () => Number(await figure('home-submissions').textContent()))
      .toBeGreaterThanOrEqual(Math.min(before + 1, 1));
    expect(await submitFlag(player, game.id, game.challenge.id, game.challenge.flag)).toBe(
      'Accepted',
    );
    await card()
      .getByText(`Analytical Engines took first blood on ${game.challenge.title}`)
      .waitFor();
    const monitor = card().getByRole('link', { name: 'Monitor' });
    expect(await monitor.getAttribute('href')).toBe(`/games/${game.id}/monitor/events`);
    await waitUntilLoaded(page);
    await expectAccessible(page, 'console home with a running game');
    expect(await rawTranslationKeys(page)).toEqual([]);
    await shot(page, 'running');
  });

  it('fits a phone', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 812 } });
    pages.watch(phone);
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${server.url}/admin`);
    await phone.getByTestId(`home-game-${game.id}`).waitFor();
    await waitUntilLoaded(phone);
    expect(await overflowingElements(phone)).toEqual([]);
    await expectAccessible(phone, 'console home on a phone');
    await shot(phone, 'phone');
    await phone.close();
  });

  it('leads from the errors figure to the log, errors only', async () => {
    await page.getByRole('link', { name: 'Show errors' }).click();
    await page.waitForURL(/\/admin\/logs/);
    await page.getByRole('button', { name: 'Error', pressed: true }).waitFor();
  });

  it('speaks the organiser’s language', async () => {
    await page.goto(`${server.url}/admin?lng=zh-CN`);
    await page.getByText('进行中的比赛').waitFor();
    await card().getByText('本分钟提交').waitFor();
    expect(await rawTranslationKeys(page)).toEqual([]);
    await shot(page, 'chinese');
    await page.goto(`${server.url}/admin?lng=en-US`);
  });

  it('logged no errors; the only failed requests were signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses.filter((r) => r !== '401 /api/account/profile')).toEqual([]);
  });
});
