// Score visibility (issue 25, item 7): an organiser sets a running game's scores to "Signed-in
// players" in the console's game form; an anonymous visitor of the scoreboard is told why there is
// no board and offered to sign in; once signed in (back on the same page) the board shows, with
// the team on it. At desktop (1280) and phone (375) width, with axe.
// Screenshots: test-results/screenshots/score-visibility-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
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
const widths = [
  ['desktop', 1280, 900],
  ['phone', 375, 812],
] as const;

describe('an organiser keeps the scores from visitors', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiSession;
  let player: ApiSession;
  let game: SeededGame;
  const playerName = `ada${Date.now() % 100000}`;
  const password = 'Lovelace-1815';
  const teamName = 'Analytical Engines';
  const pages = watchPages();

  const expectAccessible = async (target: Page, where: string) => {
    const found = blocking(await runAxe(target));
    expect(found, describeViolations(where, found).join('\n')).toEqual([]);
  };
  const shot = (target: Page, name: string) =>
    target.screenshot({
      path: join(screenshots, `score-visibility-${name}.png`),
      fullPage: true,
      animations: 'disabled',
    });

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    game = await seedRunningGame(admin, { title: 'Lighthouse CTF' });
    player = await registerThroughApi(server.url, {
      userName: playerName,
      password,
      email: 'ada@example.com',
    });
    await registerTeamInGame(player, game.id, { name: teamName });
    expect(await submitFlag(player, game.id, game.challenge.id, game.challenge.flag)).toBe(
      'Accepted',
    );
  });

  afterAll(async () => {
    await player?.dispose();
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it("sets the game's scores to signed-in players in the console", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    pages.watch(page);
    await page.goto(`${server.url}/admin/games/${game.id}/info`);
    await page.waitForURL(/\/account\/login/);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    const setting = page.getByRole('combobox', { name: 'Score visibility' });
    await setting.waitFor();
    expect(await setting.textContent()).toContain('Everyone');
    await setting.click();
    await page.getByRole('option', { name: 'Signed-in players' }).click();
    await page
      .getByText(/until the game ends/)
      .first()
      .waitFor();
    expect(await rawTranslationKeys(page)).toEqual([]);
    await shot(page, 'console');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (
            (await (await admin.get(`/api/edit/games/${game.id}`)).json()) as {
              scoreVisibility: string;
            }
          ).scoreVisibility,
      )
      .toBe('SignedIn');
    await page.close();
  });

  for (const [name, width, height] of widths) {
    it(`tells a visitor why there is no board, and shows it once signed in, at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      pages.watch(page);
      await page.goto(`${server.url}/games/${game.id}/scoreboard`);
      const withheld = page.getByTestId('scores-withheld');
      await withheld.getByText('Sign in to see the scores').waitFor();
      expect(await withheld.textContent()).toContain('signed-in players only');
      expect(await page.getByText(teamName).count()).toBe(0);
      await waitUntilLoaded(page);
      expect(await overflowingElements(page)).toEqual([]);
      expect(await rawTranslationKeys(page)).toEqual([]);
      await expectAccessible(page, `withheld scoreboard (${name})`);
      await shot(page, `visitor-${name}`);

      // Signing in from the notice comes back to the board, which now shows.
      await withheld.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL(/\/account\/login/);
      await signInThroughPage(page, playerName, password);
      await page.waitForURL((url) => url.pathname === `/games/${game.id}/scoreboard`);
      await page.getByRole('table', { name: 'Ranking' }).getByText(teamName).waitFor();
      expect(await page.getByTestId('scores-withheld').count()).toBe(0);
      await waitUntilLoaded(page);
      expect(await overflowingElements(page)).toEqual([]);
      await expectAccessible(page, `scoreboard after signing in (${name})`);
      await shot(page, `signed-in-${name}`);
      await context.close();
    });
  }

  it('logged no errors; the failed requests were the signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses.filter((r) => r !== '401 /api/account/profile')).toEqual([]);
  });
});
