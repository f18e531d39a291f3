// Issue 25, awards, in Chromium at 1280 and 375: an organiser gives a team an award from the
// console's Awards page of a running game; the player, whose board is open, sees the new score
// live (no reload) and the award (reason, points) in the team's card; the organiser then takes
// points from the team's card on the board (the monitor board), and the player's board follows
// again. Axe finds nothing critical or serious on the pages touched. Screenshots:
// test-results/screenshots/awards-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerTeamInGame,
  registerThroughApi,
  signInThroughApi,
  type ApiSession,
} from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { seedRunningGame, type SeededGame } from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const teamName = 'Laurels';

describe('an organiser gives a team an award', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let admin: ApiSession;
  let player: ApiSession;
  let browser: Browser;
  let playerContext: BrowserContext;
  let organiserContext: BrowserContext;
  let board: Page;
  let console_: Page;
  let game: SeededGame;
  const pages = watchPages();

  const shot = (target: Page, name: string) =>
    target.screenshot({ path: join(screenshots, `awards-${name}.png`), fullPage: true });
  const expectNoBlockingAxe = async (target: Page, where: string) => {
    const found = blocking(await runAxe(target));
    expect(found, describeViolations(where, found).join('\n')).toEqual([]);
  };
  const contextOf = async (session: ApiSession, width: number, height: number) =>
    browser.newContext({
      viewport: { width, height },
      storageState: await session.context.storageState(),
    });
  const teamRow = (target: Page) =>
    target.getByRole('table', { name: 'Ranking' }).getByRole('row').filter({ hasText: teamName });

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    game = await seedRunningGame(admin, { title: 'Laurel Cup' });
    player = await registerThroughApi(server.url, {
      userName: `laurel${Date.now() % 100000}`,
      email: 'laurel@example.com',
      password: 'Laurel-Cup-2026',
    });
    await registerTeamInGame(player, game.id, { name: teamName });
    browser = await launchBrowser();
    playerContext = await contextOf(player, 1280, 800);
    organiserContext = await contextOf(admin, 1280, 800);
    board = await playerContext.newPage();
    console_ = await organiserContext.newPage();
    for (const page of [board, console_]) {
      page.setDefaultTimeout(15_000);
      pages.watch(page);
    }
  });

  afterAll(async () => {
    await player?.dispose();
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('the console gives the award and the player’s open board shows it live', async () => {
    await board.goto(`${server.url}/games/${game.id}/scoreboard`);
    await teamRow(board).waitFor();

    await console_.goto(`${server.url}/admin/games/${game.id}/awards`);
    await console_.getByText('No awards yet.').waitFor();
    await console_.getByRole('combobox', { name: /Team/ }).click();
    await console_.getByRole('option', { name: teamName }).click();
    await console_.getByRole('spinbutton', { name: /Points/ }).fill('150');
    await console_.getByRole('textbox', { name: /Reason/ }).fill('Best writeup of the day');
    await console_.getByRole('button', { name: 'Give' }).click();
    await console_.getByText('The award was given').waitFor();
    // listed with its team, points and reason
    const listed = console_.getByRole('row').filter({ hasText: 'Best writeup of the day' });
    await listed.getByText('+150').waitFor();
    await listed.getByText(teamName).waitFor();
    await shot(console_, 'console');
    await expectNoBlockingAxe(console_, 'console awards page');

    // the player's board, never reloaded, moves to 150 and lists the award in the team's card
    await teamRow(board).getByText('150', { exact: true }).waitFor();
    await teamRow(board).getByRole('button', { name: teamName }).click();
    const card = board.getByRole('dialog', { name: teamName });
    const awards = card.getByRole('region', { name: 'Awards' });
    await awards.getByText('Best writeup of the day').waitFor();
    await awards.getByText('+150 points').waitFor();
    await shot(board, 'player-card');
    await expectNoBlockingAxe(board, 'scoreboard team card with an award');
    await card.getByRole('button', { name: 'Close' }).click();
  });

  it('the organiser takes points from the team’s card on the board; the player sees it live', async () => {
    await console_.goto(`${server.url}/games/${game.id}/scoreboard`);
    await teamRow(console_).getByRole('button', { name: teamName }).click();
    const card = console_.getByRole('dialog', { name: teamName });
    await card.getByRole('button', { name: 'Give award' }).click();
    const give = console_.getByRole('dialog', { name: `Give ${teamName} an award` });
    await give.getByRole('spinbutton', { name: /Points/ }).fill('-50');
    await give.getByRole('textbox', { name: /Reason/ }).fill('Brute-forced the login');
    await shot(console_, 'monitor-give');
    await expectNoBlockingAxe(console_, 'give award dialog on the board');
    await give.getByRole('button', { name: 'Give' }).click();
    await console_.getByText(`The award to ${teamName} was given`).waitFor();

    await teamRow(board).getByText('100', { exact: true }).waitFor();
    await teamRow(board).getByRole('button', { name: teamName }).click();
    const playerCard = board.getByRole('dialog', { name: teamName });
    await playerCard.getByText('Brute-forced the login').waitFor();
    await playerCard.getByText('−50 points').waitFor();
    await playerCard.getByRole('button', { name: 'Close' }).click();
  });

  it('on a phone, the board’s team card lists the awards', async () => {
    const context = await contextOf(player, 375, 812);
    try {
      const phone = await context.newPage();
      pages.watch(phone);
      await phone.goto(`${server.url}/games/${game.id}/scoreboard`);
      await teamRow(phone).getByRole('button', { name: teamName }).click();
      const card = phone.getByRole('dialog', { name: teamName });
      await card.getByText('Best writeup of the day').waitFor();
      await card.getByText('Brute-forced the login').waitFor();
      await shot(phone, 'player-card-phone');
      await expectNoBlockingAxe(phone, 'scoreboard team card, phone');
    } finally {
      await context.close();
    }
    const organiserPhone = await contextOf(admin, 375, 812);
    try {
      const page = await organiserPhone.newPage();
      pages.watch(page);
      await page.goto(`${server.url}/admin/games/${game.id}/awards`);
      await page.getByText('Brute-forced the login').first().waitFor();
      await shot(page, 'console-phone');
      await expectNoBlockingAxe(page, 'console awards page, phone');
    } finally {
      await organiserPhone.close();
    }
  });

  it('logged no errors; the only failed requests were signed-out checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses.filter((r) => !r.startsWith('401 '))).toEqual([]);
  });
});
