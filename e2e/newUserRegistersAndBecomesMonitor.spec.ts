// A new user registers, signs out and in again, edits their profile; the organiser promotes them
// to Monitor in the console, and the player's next requests carry the new role.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const player = {
  userName: `ada${Date.now() % 100000}`,
  password: 'Lovelace1815',
  email: 'ada@example.com',
};

describe('a new user registers and becomes a monitor', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let playerContext: BrowserContext;
  let adminContext: BrowserContext;
  let playerPage: Page;
  let adminPage: Page;
  const pages = watchPages();

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    playerContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    playerPage = await playerContext.newPage();
    adminPage = await adminContext.newPage();
    pages.watch(playerPage);
    pages.watch(adminPage);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers and is signed in', async () => {
    const page = playerPage;
    await page.goto(`${server.url}/account/register`);
    await page.locator('input[name="userName"]').fill(player.userName);
    await page.locator('input[name="email"]').fill(player.email);
    await page.locator('input[name="password"]').fill(player.password);
    await page.locator('input[name="confirm"]').fill(player.password);
    await page.screenshot({ path: join(screenshots, 'register.png') });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('button', { name: `Account menu of ${player.userName}` }).waitFor();
  });

  it('signs out and back in', async () => {
    const page = playerPage;
    await page.getByRole('button', { name: `Account menu of ${player.userName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page
      .getByRole('link', { name: 'Sign in' })
      .or(page.getByRole('button', { name: 'Sign in' }))
      .first()
      .waitFor();
    await page.goto(`${server.url}/account/login`);
    await page.screenshot({ path: join(screenshots, 'login.png') });
    await signInThroughPage(page, player.email.toUpperCase(), player.password);
    await page.getByRole('button', { name: `Account menu of ${player.userName}` }).waitFor();
  });

  it('edits the profile, and the change is kept', async () => {
    const page = playerPage;
    await page.goto(`${server.url}/Account/Profile`);
    await page.locator('input[name="realName"]').fill('Ada Lovelace');
    await page.locator('textarea[name="bio"]').fill('First programmer; plays crypto.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile was saved').waitFor();
    await page.reload();
    await expect
      .poll(() => page.locator('input[name="realName"]').inputValue())
      .toBe('Ada Lovelace');
    await page.screenshot({ path: join(screenshots, 'profile.png'), fullPage: true });
    const profile = await (await page.request.get(`${server.url}/api/account/profile`)).json();
    expect(profile).toMatchObject({
      userName: player.userName,
      realName: 'Ada Lovelace',
      role: 'User',
    });
  });

  it('cannot use monitor pages yet', async () => {
    const events = await playerPage.request.get(`${server.url}/api/game/1/events`);
    expect(events.status()).toBe(403);
  });

  it('is promoted to Monitor by the organiser in the console', async () => {
    const page = adminPage;
    await page.goto(`${server.url}/admin/users`);
    await page.waitForURL(/\/account\/login/);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/admin\/users/);
    await page.getByPlaceholder('Search').fill(player.userName);
    await page.getByRole('cell', { name: player.userName }).click();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Monitor' }).click();
    await page.screenshot({ path: join(screenshots, 'admin-user-edit.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/updated|saved/i)
      .first()
      .waitFor();
    await page.screenshot({ path: join(screenshots, 'admin-users.png'), fullPage: true });
  });

  it('has the Monitor role on the next request, without signing in again', async () => {
    const profile = await (
      await playerPage.request.get(`${server.url}/api/account/profile`)
    ).json();
    expect(profile.role).toBe('Monitor');
    const events = await playerPage.request.get(`${server.url}/api/game/1/events`);
    expect(events.status()).not.toBe(403);
    expect(events.status()).not.toBe(401);
  });

  it('logged no errors, and the only failed requests were signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(new Set(pages.failedResponses)).toEqual(new Set(['401 /api/account/profile']));
  });
});
