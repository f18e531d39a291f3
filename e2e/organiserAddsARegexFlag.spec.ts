// Flag matching end to end (issue 25): an organiser types a regular-expression flag on a
// challenge's flags page in the console, tries an answer against it before adding it (a broken
// pattern says why it cannot be used, the fixed one accepts), adds it and finds it listed as a
// regular expression, tries the stored flags; then a player solves the challenge in the browser
// with an answer only the pattern accepts. The flags page is checked at 1280 and 375 px (axe:
// nothing serious or critical). Screenshots: test-results/screenshots/regex-flag-*.png.
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
import { waitUntilLoaded } from './support/pageChecks.js';
import { seedRunningGame, type SeededGame } from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

// In-page types (e2e code compiles without the DOM library).
declare const document: { documentElement: { scrollWidth: number } };

const PATTERN = 'flag\\{cookie_[0-9]{4}\\}';
const BROKEN = 'flag\\{(cookie_[0-9]{4}\\}';
const ANSWER = 'flag{cookie_2026}';

describe('an organiser adds a regular-expression flag', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let admin: ApiSession;
  let player: ApiSession;
  let browser: Browser;
  let page: Page;
  let game: SeededGame;
  const pages = watchPages();
  const flagsUrl = () =>
    `${server.url}/admin/games/${game.id}/challenges/${game.challenge.id}/flags`;
  const shot = (target: Page, name: string) =>
    target.screenshot({
      path: join(screenshots, `regex-flag-${name}.png`),
      fullPage: true,
      animations: 'disabled',
    });

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    game = await seedRunningGame(admin, { title: 'Regex Open' });
    player = await registerThroughApi(server.url, {
      userName: `rex${Date.now() % 100000}`,
      email: 'rex@example.com',
      password: 'Pattern-2026',
    });
    await registerTeamInGame(player, game.id, { name: 'Backtrackers' });
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'UTC',
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    pages.watch(page);
  });

  afterAll(async () => {
    await player?.dispose();
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('tries an answer against a pattern typed but not added, and is told why a broken one fails', async () => {
    await page.goto(flagsUrl());
    await page.waitForURL(/\/account\/login/);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/flags$/);
    await page.getByText(game.challenge.flag).waitFor();

    await page.getByRole('textbox', { name: 'Flags' }).fill(BROKEN);
    await page.getByRole('combobox', { name: 'Match mode' }).click();
    await page.getByRole('option', { name: 'Regular expression' }).click();
    await page.getByText(/Each line is an RE2 pattern/).waitFor();
    await page.getByRole('textbox', { name: 'Answer' }).fill(ANSWER);
    await page.getByRole('switch', { name: 'Try the 1 flag typed above instead' }).check();
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    await page.getByText(/^Cannot be used: error parsing regexp: missing closing \)/).waitFor();
    await page.getByText('No flag accepts this answer.').waitFor();
    await shot(page, 'broken');

    await page.getByRole('textbox', { name: 'Flags' }).fill(PATTERN);
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    await page.getByText('A submission of this answer would be accepted.').waitFor();
    await page.getByText('Regular expression · matches').waitFor();
    await shot(page, 'tried');
  });

  it('adds the pattern, finds it listed as a regular expression, and tries the stored flags', async () => {
    await page.getByRole('button', { name: 'Add 1 flag' }).click();
    await page.getByText('1 flag added').waitFor();
    const row = page.getByRole('row').filter({ hasText: PATTERN });
    await row.getByText('Regular expression').waitFor();
    const exactRow = page.getByRole('row').filter({ hasText: game.challenge.flag });
    await exactRow.getByText('Exact').waitFor();
    // the add box is empty again: the try goes to the stored flags, the exact one and the pattern
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    const verdicts = page.getByRole('list', { name: 'What each flag says' });
    await verdicts.getByText('Exact · does not match').waitFor();
    await verdicts.getByText('Regular expression · matches').waitFor();
    const stored = await (
      await admin.get(`/api/edit/games/${game.id}/challenges/${game.challenge.id}`)
    ).json();
    expect(
      stored.flags.map((f: { flag: string; matchMode: string }) => [f.flag, f.matchMode]),
    ).toEqual([
      [game.challenge.flag, 'Exact'],
      [PATTERN, 'Regex'],
    ]);
    // trying recorded nothing
    const submissions = await (await admin.get(`/api/game/${game.id}/submissions`)).json();
    expect(submissions).toEqual([]);
    await waitUntilLoaded(page);
    const violations = blocking(await runAxe(page));
    expect(describeViolations('flags page (desktop)', violations)).toEqual([]);
    await shot(page, 'desktop');
  });

  it('fits the flags page, the try box included, on a phone', async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      timezoneId: 'UTC',
      storageState: await page.context().storageState(),
    });
    try {
      const phone = await context.newPage();
      pages.watch(phone);
      await phone.goto(flagsUrl());
      await phone.getByText(PATTERN).first().waitFor();
      await phone.getByRole('textbox', { name: 'Answer' }).fill('flag{cookie_12}');
      await phone.getByRole('button', { name: 'Try', exact: true }).click();
      await phone.getByText('No flag accepts this answer.').waitFor();
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await waitUntilLoaded(phone);
      const violations = blocking(await runAxe(phone));
      expect(describeViolations('flags page (phone)', violations)).toEqual([]);
      await shot(phone, 'phone');
    } finally {
      await context.close();
    }
  });

  it('lets a player solve with an answer only the pattern accepts', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: 'UTC',
      storageState: await player.context.storageState(),
    });
    try {
      const play = await context.newPage();
      play.setDefaultTimeout(15_000);
      pages.watch(play);
      await play.goto(`${server.url}/games/${game.id}/challenges`);
      await play.getByRole('button', { name: game.challenge.title }).click();
      const dialog = play.getByRole('dialog', { name: game.challenge.title });
      await dialog.getByRole('textbox', { name: 'Flag' }).fill('flag{cookie_12}');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Wrong flag, try again.').waitFor();
      await dialog.getByRole('textbox', { name: 'Flag' }).fill(`  ${ANSWER} `);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Correct! The challenge is solved.').waitFor();
      await shot(play, 'solved');
    } finally {
      await context.close();
    }
  });

  it('logged no page errors', () => {
    expect(pages.errors).toEqual([]);
  });
});
