// With email confirmation on and a real SMTP server: a player registers and confirms the address
// from the mailed link, changes the password on the profile page, forgets it, and sets a new one
// through the mailed recovery link.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettings } from '../server/src/db/repositories/settings.js';
import { startSmtpServer, type TestSmtpServer } from '../server/test/support/smtp.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const player = { userName: 'grace', email: 'grace@example.com' };
const passwords = { first: 'Hopper1906', second: 'Cobol1959x', third: 'Harvard1944' };

describe('a player manages their password by mail', skipUnless(enabled, noChromium), () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pages = watchPages();

  const followMailedLink = async () => {
    const mail = await smtp.nextMailTo(player.email);
    const link = /https?:\/\/\S+\/account\/\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
  };
  const apiLogin = async (password: string) =>
    (
      await page.request.post(`${server.url}/api/account/login`, {
        data: { userName: player.userName, password },
        headers: {
          'x-xsrf-token':
            (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
        },
      })
    ).status();
  const accountMenu = () =>
    page.getByRole('button', { name: `Account menu of ${player.userName}` });

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    smtp = await startSmtpServer();
    // Links in mails point at the host the browser uses (the port is chosen at start).
    server = await startServer({ VEXIL_SMTP_URL: smtp.url, VEXIL_ALLOWED_HOSTS: '127.0.0.1' });
    await setSettings(server.app.db, {
      'AccountPolicy.ActiveOnRegister': false,
      'AccountPolicy.EmailConfirmationRequired': true,
    });
    server.app.settings.invalidate();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    pages.watch(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('registers and confirms the email from the mailed link', async () => {
    await page.goto(`${server.url}/account/register`);
    await page.locator('input[name="userName"]').fill(player.userName);
    await page.locator('input[name="email"]').fill(player.email);
    await page.locator('input[name="password"]').fill(passwords.first);
    await page.locator('input[name="confirm"]').fill(passwords.first);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Check your mailbox').waitFor();
    await followMailedLink();
    await accountMenu().waitFor();
    await page.screenshot({ path: join(screenshots, 'verified.png') });
  });

  it('changes the password on the profile page', async () => {
    await page.goto(`${server.url}/account/profile`);
    await page.locator('input[name="old"]').fill(passwords.first);
    await page.locator('input[name="new"]').fill(passwords.second);
    await page.locator('input[name="confirm"]').fill(passwords.second);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed').waitFor();
    await accountMenu().waitFor();
  });

  it('recovers a forgotten password through the mailed link', async () => {
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.goto(`${server.url}/account/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.locator('input[name="email"]').fill(player.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Mail sent').waitFor();
    await followMailedLink();
    await page.locator('input[name="password"]').fill(passwords.third);
    await page.locator('input[name="confirm"]').fill(passwords.third);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByText(/You can sign in with it now/).waitFor();
    await page.screenshot({ path: join(screenshots, 'reset-done.png') });
  });

  it('signs in with the newest password only', async () => {
    await page.goto(`${server.url}/account/login`);
    await signInThroughPage(page, player.userName, passwords.third);
    await accountMenu().waitFor();
    expect(await apiLogin(passwords.first)).toBe(401);
    expect(await apiLogin(passwords.second)).toBe(401);
  });

  it('logged no errors; the only failed requests were signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(new Set(pages.failedResponses)).toEqual(new Set(['401 /api/account/profile']));
  });
});
