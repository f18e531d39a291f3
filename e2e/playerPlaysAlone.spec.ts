// Issue 25, individual play, in Chromium at 1280 and 375: an organiser makes a running game
// individual in the console's game form; two players, who have no team at all, join it from the
// game page with a plain "Join" (no team picker, no "create a team first"); each solves the
// challenge (one on the challenge page, one through the API) while the other's board is open, and
// the boards show both players by name, under a "Player" column, moving live without a reload.
// The team journeys (playerSolvesChallenge and the others) stay as they are: both modes are
// covered end to end. Axe finds nothing critical or serious on the pages touched. Screenshots:
// test-results/screenshots/solo-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, signInThroughApi, type ApiSession } from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { rawTranslationKeys } from './support/pageChecks.js';
import { seedRunningGame, submitFlag, type SeededGame } from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

describe('players play a game alone', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let admin: ApiSession;
  let alice: ApiSession;
  let bob: ApiSession;
  let browser: Browser;
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;
  let game: SeededGame;
  const suffix = Date.now() % 100000;
  const aliceName = `alone${suffix}`;
  const bobName = `solo${suffix}`;
  const pages = watchPages();

  /** A full-page picture; `settle` (a dialog) first finishes its fade-in. */
  const shot = async (target: Page, name: string, settle?: Locator) => {
    await settle?.evaluate((el) =>
      Promise.all(
        el.getAnimations({ subtree: true }).map((a: { finished: Promise<unknown> }) => a.finished),
      ),
    );
    await target.screenshot({ path: join(screenshots, `solo-${name}.png`), fullPage: true });
  };
  const expectNoBlockingAxe = async (target: Page, where: string) => {
    const found = blocking(await runAxe(target));
    expect(found, describeViolations(where, found).join('\n')).toEqual([]);
  };
  const contextOf = async (session: ApiSession, width: number, height: number) =>
    browser.newContext({
      viewport: { width, height },
      storageState: await session.context.storageState(),
    });
  const openPage = async (context: BrowserContext) => {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    pages.watch(page);
    return page;
  };
  const ranking = (page: Page) => page.getByRole('table', { name: 'Ranking' });
  const rowOf = (page: Page, name: string) =>
    ranking(page)
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name, exact: true }) });
  /** The "Solved" cell of a row (rank, score, solved; the player's name is the row's header). */
  const solvedOf = (row: Locator) => row.getByRole('cell').nth(2);

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    game = await seedRunningGame(admin, { title: 'Solo Sprint' });
    alice = await registerThroughApi(server.url, {
      userName: aliceName,
      email: 'alone@example.com',
      password: 'Solo-Sprint-2026',
    });
    bob = await registerThroughApi(server.url, {
      userName: bobName,
      email: 'solo@example.com',
      password: 'Solo-Sprint-2026',
    });
    browser = await launchBrowser();
    aliceContext = await contextOf(alice, 1280, 800);
    bobContext = await contextOf(bob, 375, 812);
  });

  afterAll(async () => {
    await alice?.dispose();
    await bob?.dispose();
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('the organiser makes the game individual in the console', async () => {
    const context = await contextOf(admin, 1280, 900);
    try {
      const page = await openPage(context);
      await page.goto(`${server.url}/admin/games/${game.id}/info`);
      const mode = page.getByRole('combobox', { name: /^Play mode/ });
      await mode.waitFor();
      expect(await mode.textContent()).toContain('Teams');
      await page.getByText(/It cannot change once anyone has registered\./).waitFor();
      await mode.click();
      await page.getByRole('option', { name: 'Individual (players alone)' }).click();
      expect(await rawTranslationKeys(page)).toEqual([]);
      await mode.scrollIntoViewIfNeeded();
      await shot(page, 'console');
      await expectNoBlockingAxe(page, 'console game form with the play mode');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Game saved').waitFor();
      const saved = (await (await admin.get(`/api/edit/games/${game.id}`)).json()) as {
        playMode: string;
      };
      expect(saved.playMode).toBe('Individual');
    } finally {
      await context.close();
    }
  });

  for (const [who, width] of [
    ['desktop', 1280],
    ['phone', 375],
  ] as const) {
    it(`a player without a team joins with a plain Join, at ${width} px`, async () => {
      const page = await openPage(who === 'desktop' ? aliceContext : bobContext);
      await page.goto(`${server.url}/games/${game.id}`);
      await page.getByText('Individual', { exact: true }).waitFor();
      await page.getByText('Players compete alone: no team needed').first().waitFor();
      await page.getByRole('button', { name: 'Join this game' }).click();
      const dialog = page.getByRole('dialog', { name: `Join ${game.title}` });
      await dialog
        .getByText(`You play ${game.title} alone, under your own name: no team is needed.`)
        .waitFor();
      expect(await dialog.getByRole('combobox', { name: /^Team/ }).count()).toBe(0);
      expect(await dialog.getByText(/You need a team/).count()).toBe(0);
      await shot(page, `join-${who}`, dialog);
      await expectNoBlockingAxe(page, `join dialog of an individual game, ${who}`);
      await dialog.getByRole('button', { name: 'Join' }).click();
      await page.getByText(`You joined ${game.title}`).waitFor();
      // the game accepts without review: the player is in, and no team of theirs was made
      await page.getByText('You take part in this game.').waitFor();
      const session = who === 'desktop' ? alice : bob;
      expect(await (await session.get('/api/team')).json()).toEqual([]);
      await page.close();
    });
  }

  it('both players solve the challenge; each board shows both players by name, live', async () => {
    const aliceBoard = await openPage(aliceContext);
    const bobBoard = await openPage(bobContext);
    for (const page of [aliceBoard, bobBoard]) {
      await page.goto(`${server.url}/games/${game.id}/scoreboard`);
      await ranking(page).getByRole('columnheader', { name: 'Player' }).waitFor();
      await rowOf(page, aliceName).waitFor();
      await rowOf(page, bobName).waitFor();
    }
    expect(await ranking(aliceBoard).getByRole('columnheader', { name: 'Team' }).count()).toBe(0);
    // each player's own row is marked as theirs
    await rowOf(aliceBoard, aliceName).getByText('You', { exact: true }).waitFor();
    await rowOf(bobBoard, bobName).getByText('You', { exact: true }).waitFor();

    // alice solves on the challenge page; bob's open board (a phone) follows without a reload
    const challenges = await openPage(aliceContext);
    await challenges.goto(`${server.url}/games/${game.id}/challenges`);
    await challenges.getByText(`Playing as ${aliceName}`).waitFor();
    await challenges.getByRole('button', { name: game.challenge.title }).click();
    const dialog = challenges.getByRole('dialog', { name: game.challenge.title });
    await dialog.getByRole('textbox', { name: 'Flag' }).fill(game.challenge.flag);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Correct! The challenge is solved.').waitFor();
    await expect.poll(() => solvedOf(rowOf(bobBoard, aliceName)).textContent()).toBe('1');
    expect(await solvedOf(rowOf(bobBoard, bobName)).textContent()).toBe('0');
    await challenges.close();

    // bob solves (through the API, as his phone's board stays open); alice's board follows
    expect(await submitFlag(bob, game.id, game.challenge.id, game.challenge.flag)).toBe('Accepted');
    await expect.poll(() => solvedOf(rowOf(aliceBoard, bobName)).textContent()).toBe('1');
    await expect.poll(() => solvedOf(rowOf(bobBoard, bobName)).textContent()).toBe('1');
    // alice took first blood: she ranks first on both boards
    for (const page of [aliceBoard, bobBoard]) {
      const first = ranking(page).locator('tbody tr').first();
      await first.getByRole('button', { name: aliceName }).waitFor();
    }
    await shot(aliceBoard, 'board-desktop');
    await expectNoBlockingAxe(aliceBoard, 'scoreboard of an individual game');
    await shot(bobBoard, 'board-phone');
    await expectNoBlockingAxe(bobBoard, 'scoreboard of an individual game, phone');

    // a player's card is titled as a player, and lists the solve
    await rowOf(bobBoard, aliceName).getByRole('button', { name: aliceName }).click();
    const card = bobBoard.getByRole('dialog', { name: `Player ${aliceName}` });
    await card.getByRole('region', { name: 'Solves' }).getByText(game.challenge.title).waitFor();
    expect(await card.getByRole('link', { name: 'Team page' }).count()).toBe(0);
    await shot(bobBoard, 'card-phone', card);
    expect(await rawTranslationKeys(bobBoard)).toEqual([]);
  });

  it('logged no errors; the only failed requests were signed-out checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses.filter((r) => !r.startsWith('401 '))).toEqual([]);
  });
});
