// A newcomer plays a game in the browser from the first click: registers, creates a team, joins a
// running game, downloads the handout, misses with a wrong flag, solves with the right one, sees
// the first-blood notice pushed live on /hub/user, and finds the team first on the scoreboard;
// once the organiser freezes the scoreboard, the page says so and still shows the team's solve.
// The organiser's side is seeded through the admin API. Screenshots:
// test-results/screenshots/player-journey-*.png.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApi, type ApiSession } from './support/api.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { seedRunningGame, type SeededGame } from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

const player = {
  userName: `ada${Date.now() % 100000}`,
  email: 'ada@example.com',
  password: 'Lovelace1815',
};
const teamName = 'Analytical';

describe('a player solves a challenge', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let admin: ApiSession;
  let browser: Browser;
  let page: Page;
  let game: SeededGame;
  const pages = watchPages();
  /** Every message the pages received over a WebSocket (the hubs). */
  const framesReceived: string[] = [];
  const socketsOpened: string[] = [];

  const shot = (name: string) =>
    page.screenshot({ path: join(screenshots, `player-journey-${name}.png`), fullPage: true });
  const notified = (text: string) => page.getByText(text).first().waitFor();

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    game = await seedRunningGame(admin);
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: 'UTC',
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    pages.watch(page);
    page.on(
      'websocket',
      (socket) =>
        socketsOpened.push(socket.url()) &&
        socket.on('framereceived', ({ payload }) => framesReceived.push(String(payload))),
    );
  });

  afterAll(async () => {
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('registers and lands signed in on the home page', async () => {
    await page.goto(`${server.url}/account/register`);
    await page.getByLabel('User name').fill(player.userName);
    await page.getByLabel('Email').fill(player.email);
    await page.locator('input[name="password"]').fill(player.password);
    await page.locator('input[name="confirm"]').fill(player.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await notified('Welcome! Your account is ready and you are signed in.');
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: `Account menu of ${player.userName}` }).waitFor();
  });

  it('creates a team on /teams', async () => {
    await page.getByRole('link', { name: 'Teams' }).first().click();
    await page.waitForURL(/\/teams$/);
    await page.getByRole('button', { name: 'Create a team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a team' });
    await dialog.getByLabel('Team name').fill(teamName);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await notified(`Team ${teamName} was created`);
    await page.getByRole('heading', { name: teamName }).waitFor();
    await shot('team');
  });

  it('joins the running game with that team and is accepted at once', async () => {
    await page.goto(`${server.url}/games/${game.id}`);
    await page.getByRole('button', { name: 'Join this game' }).click();
    const dialog = page.getByRole('dialog', { name: `Join ${game.title}` });
    await dialog.getByRole('combobox', { name: 'Team' }).getByText(teamName).waitFor();
    await dialog.getByRole('button', { name: 'Join' }).click();
    await notified(`You joined ${game.title} with ${teamName}`);
    await page.getByText('You are in').waitFor();
    await shot('joined');
  });

  it('opens the challenge and downloads its handout', async () => {
    await page.getByRole('link', { name: 'Go to challenges' }).click();
    await page.waitForURL(/\/challenges$/);
    const notices = page.getByRole('region', { name: 'Notices' });
    // the user hub is connected: what follows arrives pushed, not polled
    await notices.getByText('Live', { exact: true }).waitFor();
    await page.getByRole('button', { name: game.challenge.title }).click();
    const dialog = page.getByRole('dialog', { name: game.challenge.title });
    await dialog.getByText('The cookies are in the jar.').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: game.challenge.handoutName }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(game.challenge.handoutName);
    expect(await readFile(await download.path())).toEqual(game.challenge.handout);
    await shot('challenge');
  });

  it('is told a wrong flag is wrong', async () => {
    const dialog = page.getByRole('dialog', { name: game.challenge.title });
    await dialog.getByRole('textbox', { name: 'Flag' }).fill('flag{not_this_one}');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Wrong flag, try again.').waitFor();
    await shot('wrong-flag');
  });

  it('solves with the right flag and sees first blood announced live', async () => {
    const dialog = page.getByRole('dialog', { name: game.challenge.title });
    await dialog.getByRole('textbox', { name: 'Flag' }).fill(game.challenge.flag);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Correct! The challenge is solved.').waitFor();

    const announcement = `${teamName} took first blood on ${game.challenge.title}`;
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('region', { name: 'Notices' }).getByText(announcement).waitFor();
    const pushed = framesReceived.find(
      (frame) => frame.includes('ReceivedGameNotice') && frame.includes('FirstBlood'),
    );
    expect(pushed, 'the first-blood notice came over /hub/user').toBeDefined();
    expect(pushed).toContain(teamName);
    // the board that shows the blood was announced before the notice, on the same connection
    const update = framesReceived.findIndex((frame) => frame.includes('ReceivedScoreboardUpdate'));
    expect(update, 'a board update came over /hub/user').toBeGreaterThanOrEqual(0);
    expect(update).toBeLessThan(framesReceived.indexOf(pushed!));
    expect(socketsOpened.filter((url) => url.includes('/hub/user'))).toHaveLength(1);
    await page
      .getByRole('button', { name: new RegExp(`^${game.challenge.title} First blood Solved`) })
      .waitFor();
    await shot('solved');
  });

  it('finds the team ranked first on the scoreboard, with the first-blood mark', async () => {
    await page.goto(`${server.url}/games/${game.id}/scoreboard`);
    const table = page.getByRole('table', { name: 'Ranking' });
    const row = table.getByRole('row').filter({ hasText: teamName });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('1');
    await row.getByRole('img', { name: /^First blood · / }).waitFor();
    await shot('scoreboard');

    // Read again, the browser revalidates the board it holds with its tag (the server then
    // answers 304 and the browser shows the board it kept).
    const revalidated = page.waitForResponse((response) =>
      response.url().endsWith(`/api/game/${game.id}/scoreboard`),
    );
    await page.reload();
    const response = await revalidated;
    const tag = await response.request().headerValue('if-none-match');
    expect(tag).toMatch(/^"/);
    expect(await response.headerValue('etag')).toBe(tag);
    await row.waitFor();
  });

  it('sees the board frozen once the organiser freezes it, the own solve still on it', async () => {
    const settings = await (await admin.get(`/api/edit/games/${game.id}`)).json();
    await admin.call('PUT', `/api/edit/games/${game.id}`, {
      data: { ...settings, freezeTime: Date.now() },
    });
    await page.reload();
    await page.getByText(/^Frozen since /).waitFor();
    const row = page.getByRole('table', { name: 'Ranking' }).getByRole('row').filter({
      hasText: teamName,
    });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('1');
    await shot('scoreboard-frozen');
  });

  it('logged no errors; the only failed requests were the signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(new Set(pages.failedResponses)).toEqual(new Set(['401 /api/account/profile']));
  });
});
