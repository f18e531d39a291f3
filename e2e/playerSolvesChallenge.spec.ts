// A newcomer plays a game in the browser from the first click: registers, creates a team from the
// game's join dialog and joins with it without leaving the game, finds the team locked (why, in
// plain text; an invitee is told so too), downloads the handout, misses with a wrong flag, solves
// with the right one (the challenge then says Solved and asks for no flag), sees the first-blood
// notice pushed live on /hub/user, and finds the team first on the scoreboard, on a phone too.
// Once the organiser freezes the scoreboard, the page says so and still shows the team's solve.
// The organiser's side is seeded through the admin API. Screenshots:
// test-results/screenshots/player-journey-*.png.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, signInThroughApi, type ApiSession } from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
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

  it('creates a team from the game’s join dialog and joins with it, staying on the game', async () => {
    await page.goto(`${server.url}/games/${game.id}`);
    await page.getByRole('button', { name: 'Join this game' }).click();
    const dialog = page.getByRole('dialog', { name: `Join ${game.title}` });
    await dialog.getByText('You need a team to join a game').waitFor();
    await dialog.getByRole('button', { name: 'Create a team' }).click();
    const create = page.getByRole('dialog', { name: 'Create a team' });
    await create.getByLabel('Team name').fill(teamName);
    await create.getByRole('button', { name: 'Create' }).click();
    await notified(`Team ${teamName} was created`);
    // back in the join dialog, on the game's page, the new team chosen
    await dialog.getByRole('combobox', { name: 'Team' }).getByText(teamName).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/games/${game.id}`);
    await dialog.getByRole('button', { name: 'Join' }).click();
    await notified(`You joined ${game.title} with ${teamName}`);
    await page.getByText('You are in').waitFor();
    await shot('joined');
  });

  it('finds the team on /teams, locked while it plays, with the reason written out', async () => {
    await page.getByRole('link', { name: 'Teams' }).first().click();
    await page.waitForURL(/\/teams$/);
    const card = page.getByRole('article', { name: teamName });
    await card.getByText(/while that game runs, nobody can join, leave/).waitFor();
    expect(await card.getByRole('button', { name: 'Invite' }).isDisabled()).toBe(true);
    await shot('team');
  });

  it('tells someone invited to the locked team why they cannot join yet', async () => {
    const captain = await page.request.get(`${server.url}/api/team`);
    const [team] = (await captain.json()) as { id: number }[];
    // the captain had the code before the game locked the team
    const code = await (await page.request.get(`${server.url}/api/team/${team.id}/invite`)).json();
    const invitee = await registerThroughApi(server.url, {
      userName: `bob${Date.now() % 100000}`,
      email: 'bob@example.com',
      password: 'Babbage1791',
    });
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      timezoneId: 'UTC',
      storageState: await invitee.context.storageState(),
    });
    try {
      const other = await context.newPage();
      pages.watch(other);
      await other.goto(`${server.url}/teams?invite=${encodeURIComponent(code as string)}`);
      const dialog = other.getByRole('dialog', { name: 'Join a team' });
      await dialog.getByRole('button', { name: 'Join' }).click();
      await dialog.getByText(`Team ${teamName} is playing a game and is locked`).waitFor();
      expect(await other.getByText('An error was encountered').count()).toBe(0);
      await other.screenshot({ path: join(screenshots, 'player-journey-invite-locked.png') });
    } finally {
      await context.close();
      await invitee.dispose();
    }
  });

  it('opens the challenge and downloads its handout', async () => {
    await page.goto(`${server.url}/games/${game.id}`);
    await page.getByRole('link', { name: 'Go to challenges' }).click();
    await page.waitForURL(/\/challenges$/);
    // no solve yet: no rank to boast of
    const rank = page.getByText('Rank', { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect.poll(() => rank.textContent()).toBe('—');
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
    const card = page.getByRole('button', {
      name: new RegExp(`^${game.challenge.title} First blood Solved`),
    });
    await card.waitFor();
    await shot('solved');

    // open again, the challenge says it is solved and asks for no flag
    await card.click();
    const solved = page.getByRole('dialog', { name: game.challenge.title });
    await solved.getByText('Your team has solved this challenge.').waitFor();
    expect(await solved.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close' }).first().click();
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

  it('on a phone, shows rank, team, score and solves in view, and how to see the solves', async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      timezoneId: 'UTC',
      storageState: await page.context().storageState(),
    });
    try {
      const phone = await context.newPage();
      pages.watch(phone);
      await phone.goto(`${server.url}/games/${game.id}/scoreboard`);
      const table = phone.getByRole('table', { name: 'Ranking' });
      await table.getByRole('row').filter({ hasText: teamName }).waitFor();
      const headers = await table.getByRole('columnheader').allTextContents();
      expect(headers).toEqual(['Rank', 'Team', 'Score', 'Solved']);
      const solved = await table.getByRole('columnheader', { name: 'Solved' }).boundingBox();
      expect(solved!.x + solved!.width).toBeLessThanOrEqual(375);
      await phone.getByText("Tap a team's name to see what it solved.").waitFor();
      await phone.screenshot({
        path: join(screenshots, 'player-journey-scoreboard-phone.png'),
        fullPage: true,
      });
      const found = blocking(await runAxe(phone));
      expect(found, describeViolations('phone scoreboard', found).join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
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

  it('logged no errors; the only failed requests were signed-out checks and the locked join', () => {
    expect(pages.errors).toEqual([]);
    expect(new Set(pages.failedResponses)).toEqual(
      new Set(['401 /api/account/profile', '400 /api/team/accept']),
    );
  });
});
