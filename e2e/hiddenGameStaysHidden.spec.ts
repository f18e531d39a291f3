// Hidden means hidden (issue 23, journey 4): an organiser has two games of the same title, the
// listed original and a hidden copy (as an import makes). The console home marks the copy
// "Hidden"; a player who guesses the copy's id finds no game and cannot join it; the organiser
// previews it, marked. At desktop (1280) and phone (375) width, with axe.
// Screenshots: test-results/screenshots/hidden-game-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, signInThroughApi, type ApiSession } from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { overflowingElements, rawTranslationKeys, waitUntilLoaded } from './support/pageChecks.js';
import { seedRunningGame, type SeededGame } from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const widths = [
  ['desktop', 1280, 900],
  ['phone', 375, 812],
] as const;

describe('a hidden game stays hidden', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiSession;
  let player: ApiSession;
  let original: SeededGame;
  let copy: SeededGame;
  const playerName = `grace${Date.now() % 100000}`;
  const pages = watchPages();

  const expectAccessible = async (target: Page, where: string) => {
    const found = blocking(await runAxe(target));
    expect(found, describeViolations(where, found).join('\n')).toEqual([]);
  };
  const shot = (target: Page, name: string) =>
    target.screenshot({
      path: join(screenshots, `hidden-game-${name}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  /** A new page of the given size, signed in through the login page. */
  const signedInPage = async (width: number, height: number, user: string, password: string) => {
    const page = await browser.newPage({ viewport: { width, height } });
    pages.watch(page);
    await page.goto(`${server.url}/account/login`);
    await signInThroughPage(page, user, password);
    await page.waitForURL((url) => !url.pathname.startsWith('/account/login'));
    return page;
  };

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    original = await seedRunningGame(admin, { title: 'Harbour CTF' });
    copy = await seedRunningGame(admin, { title: 'Harbour CTF', hidden: true });
    player = await registerThroughApi(server.url, {
      userName: playerName,
      password: 'Hopper-1906',
      email: 'grace@example.com',
    });
  });

  afterAll(async () => {
    await player?.dispose();
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('is unknown to a player who guesses its id, and cannot be joined', async () => {
    const team = await player.call<{ id: number }>('POST', '/api/team', {
      data: { name: 'Compilers' },
    });
    const join = await player.send('POST', `/api/game/${copy.id}`, { data: { teamId: team.id } });
    expect(join.status()).toBe(404);
    expect(await join.json()).toEqual({ title: 'The game was not found', status: 404 });
    for (const path of ['', '/scoreboard', '/scoreboard/ctftime', '/notices']) {
      expect((await player.get(`/api/game/${copy.id}${path}`)).status(), path).toBe(404);
    }
    // The listed original is there as ever.
    expect((await player.get(`/api/game/${original.id}`)).status()).toBe(200);
  });

  for (const [name, width, height] of widths) {
    it(`shows a player no game at ${width} px`, async () => {
      const page = await signedInPage(width, height, playerName, 'Hopper-1906');
      await page.goto(`${server.url}/games/${copy.id}`);
      await page.getByText('Game not found').waitFor();
      expect(await page.getByText('Harbour CTF').count()).toBe(0);
      await waitUntilLoaded(page);
      expect(await overflowingElements(page)).toEqual([]);
      await expectAccessible(page, `hidden game for a player (${name})`);
      await shot(page, `player-${name}`);
      await page.close();
    });

    it(`marks the copy Hidden on the console home, and previews it marked, at ${width} px`, async () => {
      const page = await signedInPage(width, height, 'admin', ADMIN_PASSWORD);
      await page.goto(`${server.url}/admin`);
      const copyCard = page.getByTestId(`home-game-${copy.id}`);
      const originalCard = page.getByTestId(`home-game-${original.id}`);
      await copyCard.getByTestId('home-hidden').waitFor();
      expect(await copyCard.getByTestId('home-hidden').textContent()).toBe('Hidden');
      await originalCard.waitFor();
      expect(await originalCard.getByTestId('home-hidden').count()).toBe(0);
      await waitUntilLoaded(page);
      expect(await overflowingElements(page)).toEqual([]);
      expect(await rawTranslationKeys(page)).toEqual([]);
      await expectAccessible(page, `console home with a hidden game (${name})`);
      await shot(page, `console-${name}`);

      // The organiser's preview of the player page says players do not see it.
      await page.goto(`${server.url}/games/${copy.id}`);
      await page.getByText('Hidden from players').waitFor();
      await waitUntilLoaded(page);
      expect(await overflowingElements(page)).toEqual([]);
      await expectAccessible(page, `hidden game previewed by the organiser (${name})`);
      await shot(page, `preview-${name}`);
      await page.close();
    });
  }

  it('speaks the organiser’s language', async () => {
    const page = await signedInPage(1280, 900, 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/admin?lng=zh-CN`);
    await page.getByTestId(`home-game-${copy.id}`).getByText('已隐藏').waitFor();
    expect(await rawTranslationKeys(page)).toEqual([]);
    await page.goto(`${server.url}/admin?lng=en-US`);
    await page.close();
  });

  it('logged no errors; the failed requests were the player’s 404s and signed-out checks', () => {
    expect(pages.errors).toEqual([]);
    expect(
      pages.failedResponses.filter(
        (r) => r !== '401 /api/account/profile' && !r.startsWith(`404 /api/game/${copy.id}`),
      ),
    ).toEqual([]);
  });
});
