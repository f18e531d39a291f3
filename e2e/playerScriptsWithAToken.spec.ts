// Issue 26, personal API tokens, in Chromium at 1280 and 375: a player opens the profile page,
// creates a Play token named after their script, sees it once and copies it with the copy button;
// a script (plain `fetch` from the test: no cookie, no CSRF header) submits the game's flag with
// `Authorization: Bearer` and reads the result; the token's last use shows on the profile; the
// player revokes it and the script is refused with 401. On a phone the same section is usable
// without sideways scrolling. The organiser's side is seeded through the admin API.
// Screenshots: test-results/screenshots/api-tokens-*.png.
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
import { overflowingElements } from './support/pageChecks.js';
import { seedRunningGame, type SeededGame } from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const scriptName = 'solver script';

/** The clipboard as the page sees it (no DOM types here). */
interface ClipboardWindow {
  navigator: { clipboard: { readText(): Promise<string> } };
}

describe('a player scripts with an API token', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let admin: ApiSession;
  let player: ApiSession;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let game: SeededGame;
  let token = '';
  const pages = watchPages();

  const shot = (target: Page, name: string) =>
    target.screenshot({ path: join(screenshots, `api-tokens-${name}.png`), fullPage: true });
  const section = (target: Page) => target.getByRole('region', { name: 'API tokens' });

  /** What a player's script does: plain HTTP with the token, nothing from the browser. */
  const script = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    game = await seedRunningGame(admin, { title: 'Token Cup' });
    player = await registerThroughApi(server.url, {
      userName: `bot${Date.now() % 100000}`,
      email: 'bot@example.com',
      password: 'Token-Cup-2026',
    });
    await registerTeamInGame(player, game.id, { name: 'Automata' });
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: 'UTC',
      storageState: await player.context.storageState(),
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
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

  it('creates a Play token on the profile page and copies it, shown once', async () => {
    await page.goto(`${server.url}/account/profile`);
    const tokens = section(page);
    await tokens.getByText('You have no API tokens.').waitFor();
    await tokens.getByRole('textbox', { name: 'Name' }).fill(scriptName);
    await tokens.getByRole('combobox', { name: 'Scope' }).click();
    // An ordinary player is offered Read and Play, never Admin.
    const options = page.getByRole('option');
    expect(await options.allTextContents()).toEqual(['Read', 'Play']);
    await page.getByRole('option', { name: 'Play' }).click();
    await tokens.getByRole('button', { name: 'Create token' }).click();

    await tokens.getByText(`Token "${scriptName}" created`).waitFor();
    const secret = tokens.getByRole('textbox', { name: 'Your new token' });
    token = await secret.inputValue();
    expect(token).toMatch(/^vexil_pat_[A-Za-z0-9_-]{43}$/);
    await tokens.getByRole('button', { name: 'Copy' }).click();
    await tokens.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() =>
      (globalThis as unknown as ClipboardWindow).navigator.clipboard.readText(),
    );
    expect(copied).toBe(token);
    await tokens.getByRole('listitem').filter({ hasText: scriptName }).waitFor();
    await shot(page, 'created-desktop');
    const found = blocking(await runAxe(page));
    expect(found, describeViolations('profile with a new token', found).join('\n')).toEqual([]);

    // Shown once: after "Done", and on a fresh load, the secret is nowhere on the page.
    await tokens.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await section(page).getByRole('listitem').filter({ hasText: scriptName }).waitFor();
    expect(await page.content()).not.toContain(token);
  });

  it('a script submits the flag with the token alone, and its use shows on the profile', async () => {
    const path = `/api/game/${game.id}/challenges/${game.challenge.id}`;
    const submitted = await script(path, { method: 'POST', body: { flag: game.challenge.flag } });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const id = (await submitted.json()) as number;
    let status = 'FlagSubmitted';
    for (let attempt = 0; attempt < 100 && status === 'FlagSubmitted'; attempt++) {
      status = (await (await script(`${path}/status/${id}`)).json()) as string;
      if (status === 'FlagSubmitted') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('Accepted');

    await page.reload();
    await section(page)
      .getByRole('listitem')
      .filter({ hasText: scriptName })
      .getByText(/last used .* from 127\.0\.0\.1/)
      .waitFor();
    await shot(page, 'used-desktop');
  });

  it('on a phone a token is made, shown once and revoked, and the section fits the width', async () => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      timezoneId: 'UTC',
      storageState: await player.context.storageState(),
    });
    const small = await phone.newPage();
    small.setDefaultTimeout(15_000);
    pages.watch(small);
    await small.goto(`${server.url}/account/profile`);
    const tokens = section(small);
    await tokens.getByRole('listitem').filter({ hasText: scriptName }).waitFor();
    await tokens.getByRole('textbox', { name: 'Name' }).fill('phone bot');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secret = tokens.getByRole('textbox', { name: 'Your new token' });
    expect(await secret.inputValue()).toMatch(/^vexil_pat_/);
    await tokens.scrollIntoViewIfNeeded();
    expect(await overflowingElements(small)).toEqual([]);
    await shot(small, 'created-phone');
    await tokens.getByRole('button', { name: 'Done' }).click();
    await tokens.getByRole('button', { name: 'Revoke phone bot' }).click();
    await small.getByText('The token was revoked').waitFor();
    await tokens
      .getByRole('listitem')
      .filter({ hasText: 'phone bot' })
      .waitFor({ state: 'detached' });
    expect(await overflowingElements(small)).toEqual([]);
    await shot(small, 'list-phone');
    await phone.close();
  });

  it('an organiser sees the token, never its secret, in the console and on the user page', async () => {
    const users = (await (await admin.get('/api/admin/users?count=100')).json()) as {
      data: { id: string; userName: string }[];
    };
    const owner = users.data.find((user) => user.userName.startsWith('bot'))!;
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 375, height: 812 }],
    ] as const) {
      const console = await browser.newContext({
        viewport,
        timezoneId: 'UTC',
        storageState: await admin.context.storageState(),
      });
      const organiser = await console.newPage();
      organiser.setDefaultTimeout(15_000);
      pages.watch(organiser);
      await organiser.goto(`${server.url}/admin/tokens`);
      const row = organiser.getByRole('row').filter({ hasText: scriptName });
      await row.filter({ hasText: owner.userName }).waitFor();
      await row.getByText('127.0.0.1').waitFor();
      expect(await organiser.content()).not.toContain(token);
      await shot(organiser, `console-list-${device}`);
      await organiser.goto(`${server.url}/admin/users/${owner.id}`);
      await organiser.getByRole('row').filter({ hasText: scriptName }).waitFor();
      await shot(organiser, `console-user-${device}`);
      await console.close();
    }
  });

  it('the player revokes the token and the script is refused', async () => {
    const tokens = section(page);
    await tokens.getByRole('button', { name: `Revoke ${scriptName}` }).click();
    await page.getByText('The token was revoked').waitFor();
    await tokens.getByText('You have no API tokens.').waitFor();
    await shot(page, 'revoked-desktop');
    const refused = await script(`/api/game/${game.id}/challenges/${game.challenge.id}`, {
      method: 'POST',
      body: { flag: game.challenge.flag },
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      title: 'The API token is invalid, expired or revoked',
      status: 401,
    });
  });

  it('left no page errors and no failed requests', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses).toEqual([]);
    expect(pages.failedRequests).toEqual([]);
  });
});
