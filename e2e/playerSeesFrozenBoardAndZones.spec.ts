// Issue 23, journeys 5, 9 and 11 and the flag dialog, in Chromium at 1280 and 375, in a browser
// whose zone is not UTC (Asia/Shanghai): times say their zone (game page, scoreboard, console date
// inputs); a per-team download keeps the name it was uploaded with (button and saved file); a
// flag just accepted leaves the success and no flag box; after the freeze the player's board
// shows no "Live" chip, marks the own row, and the organiser's board says what players see; the
// locked team's disabled Invite says why in a tooltip. Axe
// finds nothing critical or serious on the player pages touched. Screenshots:
// test-results/screenshots/frozen-zones-*.png.
import { mkdir, readFile } from 'node:fs/promises';
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
const ZONE = 'Asia/Shanghai';
const teamName = 'Meridian';
const perTeamName = 'crackme-meridian.zip';
const perTeamFile = Buffer.from('PK per-team archive of Meridian');
const perTeamFlag = 'flag{per_team_meridian}';

describe('a player abroad on a frozen board', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let admin: ApiSession;
  let player: ApiSession;
  let browser: Browser;
  let desktop: BrowserContext;
  let page: Page;
  let game: SeededGame;
  let dynamicTitle: string;
  const pages = watchPages();

  const shot = (target: Page, name: string) =>
    target.screenshot({ path: join(screenshots, `frozen-zones-${name}.png`), fullPage: true });
  const expectNoBlockingAxe = async (target: Page, where: string) => {
    const found = blocking(await runAxe(target));
    expect(found, describeViolations(where, found).join('\n')).toEqual([]);
  };
  const contextOf = async (session: ApiSession, width: number, height: number) =>
    browser.newContext({
      viewport: { width, height },
      timezoneId: ZONE,
      storageState: await session.context.storageState(),
    });

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    game = await seedRunningGame(admin, { title: 'Meridian Cup' });

    // a dynamic attachment left at the default file name ("attachment"): one file per team
    dynamicTitle = 'Per-team crackme';
    const base = `/api/edit/games/${game.id}/challenges`;
    const challenge = await admin.call<{ id: number }>('POST', base, {
      data: { title: dynamicTitle, category: 'Reverse', type: 'DynamicAttachment' },
    });
    const [file] = await admin.call<{ hash: string }[]>('POST', '/api/assets', {
      multipart: {
        files: { name: perTeamName, mimeType: 'application/zip', buffer: perTeamFile },
      },
    });
    await admin.call('POST', `${base}/${challenge.id}/flags`, {
      data: [{ flag: perTeamFlag, attachmentType: 'Local', fileHash: file.hash }],
    });
    await admin.call('PUT', `${base}/${challenge.id}`, {
      data: { content: 'Each team gets its own archive.', isEnabled: true },
    });

    player = await registerThroughApi(server.url, {
      userName: `zhou${Date.now() % 100000}`,
      email: 'zhou@example.com',
      password: 'Meridian-2026',
    });
    await registerTeamInGame(player, game.id, { name: teamName });

    browser = await launchBrowser();
    desktop = await contextOf(player, 1280, 800);
    page = await desktop.newPage();
    page.setDefaultTimeout(15_000);
    pages.watch(page);
  });

  afterAll(async () => {
    await player?.dispose();
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('shows the game’s dates with their zone', async () => {
    await page.goto(`${server.url}/games/${game.id}`);
    await page.getByRole('heading', { name: game.title }).first().waitFor();
    // the browser is in UTC+8: the schedule says so
    await page
      .getByText(/GMT\+8/)
      .first()
      .waitFor();
    await shot(page, 'game');
    await expectNoBlockingAxe(page, 'game page');
  });

  it('downloads the per-team file under the name it was uploaded with', async () => {
    await page.goto(`${server.url}/games/${game.id}/challenges`);
    await page.getByRole('button', { name: new RegExp(`^${dynamicTitle}`) }).click();
    const dialog = page.getByRole('dialog', { name: dynamicTitle });
    await dialog.getByText('Each team gets its own archive.').waitFor();
    const button = dialog.getByRole('button', { name: perTeamName });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(perTeamName);
    expect(await readFile(await download.path())).toEqual(perTeamFile);
    expect(await dialog.getByRole('button', { name: /^attachment/ }).count()).toBe(0);
  });

  it('after a correct flag, keeps the success and takes the flag box away', async () => {
    const dialog = page.getByRole('dialog', { name: dynamicTitle });
    await dialog.getByRole('textbox', { name: 'Flag' }).fill(perTeamFlag);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Correct! The challenge is solved.').waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Flag' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await shot(page, 'flag-accepted');
    await expectNoBlockingAxe(page, 'challenge dialog after a correct flag');
    await page.getByRole('button', { name: 'Close' }).first().click();
  });

  it('once frozen, shows the player no Live chip, its own row marked, the zone in the banner', async () => {
    const settings = await (await admin.get(`/api/edit/games/${game.id}`)).json();
    await admin.call('PUT', `/api/edit/games/${game.id}`, {
      data: { ...settings, freezeTime: Date.now() - 1_000 },
    });
    await page.goto(`${server.url}/games/${game.id}/scoreboard`);
    const banner = page.getByText(/^Frozen since /);
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/GMT\+8/);
    const row = page.getByRole('table', { name: 'Ranking' }).getByRole('row').filter({
      hasText: teamName,
    });
    await row.getByText('Your team · all solves').waitFor();
    expect(await page.getByText('Live', { exact: true }).count()).toBe(0);
    await shot(page, 'scoreboard-frozen');
    await expectNoBlockingAxe(page, 'frozen scoreboard');

    // the game page says the same of the team's score
    await page.goto(`${server.url}/games/${game.id}/challenges`);
    await page.getByText(/^Board frozen since .*GMT\+8.*: your score counts all/).waitFor();
  });

  it('on a phone, the frozen board and the game page pass axe', async () => {
    const context = await contextOf(player, 375, 812);
    try {
      const phone = await context.newPage();
      pages.watch(phone);
      await phone.goto(`${server.url}/games/${game.id}/scoreboard`);
      await phone.getByText(/^Frozen since /).waitFor();
      await phone.getByText('Your team · all solves').waitFor();
      expect(await phone.getByText('Live', { exact: true }).count()).toBe(0);
      await shot(phone, 'scoreboard-frozen-phone');
      await expectNoBlockingAxe(phone, 'frozen scoreboard, phone');
      await phone.goto(`${server.url}/games/${game.id}`);
      await phone
        .getByText(/GMT\+8/)
        .first()
        .waitFor();
      await expectNoBlockingAxe(phone, 'game page, phone');
    } finally {
      await context.close();
    }
  });

  it('explains the locked team’s disabled Invite in a tooltip', async () => {
    await page.goto(`${server.url}/teams`);
    const card = page.getByRole('article', { name: teamName });
    const invite = card.getByRole('button', { name: 'Invite' });
    expect(await invite.isDisabled()).toBe(true);
    await invite.locator('xpath=..').hover();
    await page
      .getByRole('tooltip')
      .getByText('The team is locked while it plays a game: nobody can join until that game ends.')
      .waitFor();
    await shot(page, 'invite-locked');
    await expectNoBlockingAxe(page, 'teams page with the Invite tooltip');
  });

  it('tells the organiser, who sees the board live, what players see', async () => {
    for (const [width, height] of [
      [1280, 800],
      [375, 812],
    ]) {
      const context = await contextOf(admin, width, height);
      try {
        const organiser = await context.newPage();
        pages.watch(organiser);
        await organiser.goto(`${server.url}/games/${game.id}/scoreboard`);
        const notice = organiser.getByText(/^Players see the board frozen at .*GMT\+8/);
        await notice.waitFor();
        await organiser.getByText('You see it live.', { exact: false }).waitFor();
        await shot(organiser, `organiser-scoreboard-${width}`);
        await expectNoBlockingAxe(organiser, `organiser's scoreboard at ${width}`);
      } finally {
        await context.close();
      }
    }
  });

  it('labels the console’s date inputs with the zone they are typed in', async () => {
    const context = await contextOf(admin, 1280, 800);
    try {
      const organiser = await context.newPage();
      pages.watch(organiser);
      await organiser.goto(`${server.url}/admin/games/${game.id}/info`);
      const zone = organiser.getByText(`Times in UTC+08:00, ${ZONE}, your browser's time zone.`);
      await zone.first().waitFor();
      // start, end, the freeze and the writeup deadline
      expect(await zone.count()).toBe(4);
      await shot(organiser, 'console-dates');
    } finally {
      await context.close();
    }
  });

  it('logged no errors; the only failed requests were signed-out checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses.filter((r) => !r.startsWith('401 '))).toEqual([]);
  });
});
