// An organiser runs a game through the console only: creates it (hidden until published), adds two
// challenges (one with an uploaded attachment) and their flags, is told a static container gets no
// flag and cannot be enabled without one, publishes a notice and then the game (clearing Hidden),
// sees a player's team arrive in the review queue live with a badge in the menu, accepts it, then
// bans that player, and finds the console in the organiser's language. Players act through the
// API; what they would see is checked there. Screenshots: test-results/screenshots/organiser-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openApiSession,
  registerTeamInGame,
  registerThroughApi,
  type ApiSession,
} from './support/api.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

const MINUTE = 60_000;
/** Started an hour ago (to the minute, as the date-time inputs take it), ends in two days. */
const start = Math.floor(Date.now() / MINUTE) * MINUTE - 60 * MINUTE;
const end = start + 48 * 60 * MINUTE;
/** The `datetime-local` text of a time; the browser runs in UTC. */
const localInput = (time: number) => new Date(time).toISOString().slice(0, 16);

const player = {
  userName: `grace${Date.now() % 100000}`,
  password: 'Hopper1906',
  email: 'grace@example.com',
};
const teamName = 'Compilers';
const handout = Buffer.from('GET /jar HTTP/1.1\r\nCookie: session=guess-me\r\n');
const noticeText = 'Hint for Cookie Jar: the jar is not where the cookies are.';

describe('an organiser runs a game from the console', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let playerApi: ApiSession;
  const pages = watchPages();
  let gameId = 0;
  const challengeIds: Record<string, number> = {};

  const shot = (name: string) =>
    page.screenshot({
      path: join(screenshots, `organiser-${name}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  const notified = (text: string) => page.getByText(text).first().waitFor();
  const idInUrl = (pattern: RegExp) => Number(pattern.exec(page.url())?.[1]);

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      timezoneId: 'UTC',
    });
    page = await context.newPage();
    pages.watch(page);
  });

  afterAll(async () => {
    await playerApi?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('signs in and creates a game with its schedule', async () => {
    await page.goto(`${server.url}/admin/games`);
    await page.waitForURL(/\/account\/login/);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/admin\/games$/);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('Title *').waitFor();
    await page.locator('input[name="title"]').fill('Spring Open');
    await page.locator('textarea[name="summary"]').fill('A weekend of web puzzles for newcomers.');
    await page.locator('input[name="start"]').fill(localInput(start));
    await page.locator('input[name="end"]').fill(localInput(end));
    await shot('game-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/games\/\d+$/);
    gameId = idInUrl(/\/games\/(\d+)$/);
    await page.getByRole('tab', { name: 'Info', selected: true }).waitFor();

    const saved = await (await page.request.get(`${server.url}/api/edit/games/${gameId}`)).json();
    expect(saved).toMatchObject({
      title: 'Spring Open',
      summary: 'A weekend of web puzzles for newcomers.',
      start,
      end,
      acceptWithoutReview: false,
      // not public until the organiser says so
      hidden: true,
    });
  });

  it('adds a web challenge with an uploaded attachment and two flags', async () => {
    await page.getByRole('tab', { name: 'Challenges' }).click();
    await page.getByText('No challenges yet').waitFor();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name="title"]').fill('Cookie Jar');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Web' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/challenges\/\d+$/);
    challengeIds['Cookie Jar'] = idInUrl(/\/challenges\/(\d+)$/);

    await page.getByRole('radio', { name: 'Upload a file' }).check();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'request.txt', mimeType: 'text/plain', buffer: handout });
    await page.getByRole('button', { name: 'Apply' }).click();
    await notified('The attachment was updated');
    await page.getByRole('link', { name: 'request.txt' }).waitFor();
    await shot('challenge-attachment');

    await page.getByRole('link', { name: 'Flags' }).click();
    await page.getByRole('textbox', { name: 'Flags' }).fill('flag{jar_one}\nflag{jar_two}\n');
    await page.getByRole('button', { name: 'Add 2 flags' }).click();
    await notified('2 flags added');
    await page.getByRole('cell', { name: 'flag{jar_two}' }).waitFor();
    await shot('flags');
  });

  it('adds a second challenge, with a description and a flag, enabled from its form', async () => {
    await page.getByRole('link', { name: 'Challenge', exact: true }).click();
    await page.getByRole('link', { name: 'Challenges', exact: true }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name="title"]').fill('Warm-up');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/challenges\/\d+$/);
    challengeIds['Warm-up'] = idInUrl(/\/challenges\/(\d+)$/);

    await page.getByRole('link', { name: 'Flags' }).click();
    await page.getByRole('textbox', { name: 'Flags' }).fill('flag{welcome}');
    await page.getByRole('button', { name: 'Add 1 flag' }).click();
    await notified('1 flag added');

    await page.getByRole('link', { name: 'Challenge', exact: true }).click();
    await page.locator('textarea[name="content"]').fill('Submit **flag{welcome}** to begin.');
    await page.getByRole('switch', { name: 'Enabled' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await notified('Challenge saved');
  });

  it('is told a static container gets no flag, and cannot be enabled without one', async () => {
    await page.getByRole('link', { name: 'Challenges', exact: true }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name="title"]').fill('Static box');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Static container' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/challenges\/\d+$/);
    challengeIds['Static box'] = idInUrl(/\/challenges\/(\d+)$/);
    await page.getByText(/only dynamic containers receive theirs in the FLAG/).waitFor();
    await page.getByText(/This challenge has no flag yet/).waitFor();
    await page.getByRole('switch', { name: 'Enabled' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await notified('This challenge cannot be enabled without a flag');
    await shot('static-container');
    // the refused switch is an unsaved change: the console asks before leaving
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('link', { name: 'Add a flag' }).click();
    await page.getByText(/Build the image so that it already contains the flag/).waitFor();
    await page.getByRole('link', { name: 'Challenge', exact: true }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/challenges$/);
  });

  it('enables the first challenge from the game’s challenge list', async () => {
    await page.getByRole('tab', { name: 'Challenges' }).click();
    const toggle = page.getByRole('switch', { name: 'Enable Cookie Jar' });
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect
      .poll(() => page.getByRole('switch', { name: 'Enable Warm-up' }).isChecked())
      .toBe(true);
    await shot('challenges');
  });

  it('publishes a notice on the game’s Notices tab', async () => {
    await page.getByRole('tab', { name: 'Notices' }).click();
    await page.getByText('No notices yet.').waitFor();
    await page.getByRole('textbox', { name: 'Notice (Markdown)' }).fill(noticeText);
    await page.getByRole('button', { name: 'Publish' }).click();
    await notified('The notice was published');
    await page.getByText(noticeText).waitFor();
    await shot('notices');
  });

  it('publishes the game by clearing Hidden on its Info tab', async () => {
    await page.getByRole('tab', { name: 'Info' }).click();
    const hidden = page.getByRole('switch', { name: 'Hidden' });
    await expect.poll(() => hidden.isChecked()).toBe(true);
    await hidden.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await notified('Game saved');
    const saved = await (await page.request.get(`${server.url}/api/edit/games/${gameId}`)).json();
    expect(saved).toMatchObject({ hidden: false });
  });

  it('sees the team a player registers arrive live, with a badge in the menu', async () => {
    await page.getByRole('tab', { name: 'Review', exact: true }).click();
    await page.getByText('No team has registered for this game yet.').waitFor();

    playerApi = await registerThroughApi(server.url, player);
    await registerTeamInGame(playerApi, gameId, { name: teamName });
    // no reload: the admin hub says a team joined
    const pending = page.getByRole('region', { name: 'Pending' });
    await pending.getByText(teamName).waitFor();
    await page.getByRole('menuitem', { name: '1 team to review: Spring Open' }).waitFor();
    await shot('review-pending');
  });

  it('accepts the team, which moves to Accepted, and the badge goes', async () => {
    const pending = page.getByRole('region', { name: 'Pending' });
    const accepted = page.getByRole('region', { name: 'Accepted' });
    await page.getByRole('button', { name: `Accept ${teamName}` }).click();
    await notified(`${teamName} moved to Accepted`);
    await accepted.getByText(teamName).waitFor();
    await expect.poll(() => pending.getByText(teamName).count()).toBe(0);
    await expect.poll(() => page.getByRole('menuitem', { name: /to review/ }).count()).toBe(0);
    await shot('review-accepted');
  });

  it('shows the accepted team the notice, both challenges and the uploaded file', async () => {
    const notices = await (await playerApi.get(`/api/game/${gameId}/notices`)).json();
    expect(notices).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'Normal', values: [noticeText] })]),
    );

    const details = await playerApi.get(`/api/game/${gameId}/details`);
    expect(details.status()).toBe(200);
    const { challenges, challengeCount } = await details.json();
    expect(challengeCount).toBe(2);
    const titles = Object.values(challenges as Record<string, { title: string }[]>)
      .flat()
      .map((challenge) => challenge.title);
    expect(titles.sort()).toEqual(['Cookie Jar', 'Warm-up']);

    const jar = await (
      await playerApi.get(`/api/game/${gameId}/challenges/${challengeIds['Cookie Jar']}`)
    ).json();
    expect(jar.context.url).toMatch(/^\/assets\//);
    const file = await playerApi.get(jar.context.url);
    expect(file.status()).toBe(200);
    expect(await file.body()).toEqual(handout);
  });

  it('bans the player on the Users page', async () => {
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByPlaceholder('Search').fill(player.userName);
    await page.getByRole('cell', { name: player.userName }).click();
    await page.getByRole('button', { name: 'Ban' }).click();
    await page.getByRole('dialog', { name: `Ban ${player.userName}?` }).waitFor();
    await shot('ban-confirm');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await notified('The user is banned');
    await page.getByRole('button', { name: 'Lift ban' }).waitFor();
    await shot('user-banned');
  });

  it('refuses the banned player’s next calls and any new sign-in', async () => {
    const profile = await playerApi.get('/api/account/profile');
    expect(profile.status()).toBe(403);
    expect(await profile.json()).toEqual({ title: 'Access denied', status: 403 });
    expect((await playerApi.get(`/api/game/${gameId}/details`)).status()).toBe(403);

    const again = await openApiSession(server.url);
    try {
      const signIn = await again.send('POST', '/api/account/login', {
        data: { userName: player.userName, password: player.password },
      });
      expect(signIn.status()).toBe(401);
      expect(await signIn.json()).toMatchObject({ title: 'This account has been banned' });
    } finally {
      await again.dispose();
    }
  });

  it('speaks the organiser’s language, react-admin’s own words included', async () => {
    await page.goto(`${server.url}/admin/users?lng=de-DE`);
    await page.getByRole('menuitem', { name: 'Übersicht' }).waitFor();
    await page.goto(`${server.url}/admin/games/${gameId}/challenges/${challengeIds['Warm-up']}`);
    await page.getByRole('button', { name: 'Speichern' }).waitFor();
    await page.getByRole('button', { name: 'Löschen' }).waitFor();
    await shot('console-german');
  });

  it('logged no errors; the only failed requests were signed-out checks and the refused enable', () => {
    expect(pages.errors).toEqual([]);
    expect(new Set(pages.failedResponses)).toEqual(
      new Set([
        '401 /api/account/profile',
        `400 /api/edit/games/${gameId}/challenges/${challengeIds['Static box'] ?? 0}`,
      ]),
    );
  });
});
