// Single sign-on (issue 26) in Chromium against a real OpenID provider (oidc-provider, started
// here): a player signs in with the provider's button, goes through the provider's own login and
// consent pages and comes back signed in with a new account; later, in another browser at phone
// width, the same identity signs into the same account.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_NAME } from '../server/src/services/bootstrapAdmin.js';
import { skipUnless } from '../server/test/support/skipReason.js';
import {
  OIDC_CLIENT,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../server/test/support/oidcProvider.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const viewports = {
  desktop: { width: 1280, height: 860 },
  phone: { width: 375, height: 740 },
};

describe('a player signs in with single sign-on', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let idp: TestIdentityProvider;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pages = watchPages();
  // Requests to this site that got no answer (the provider's dev pages ask the internet for a web
  // font, which this machine cannot reach: that is not ours to check).
  const failedOnSite: string[] = [];

  const openPage = async (viewport: { width: number; height: number }): Promise<Page> => {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    pages.watch(page);
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'unknown';
      if (request.url().startsWith(server.url) && reason !== 'net::ERR_ABORTED')
        failedOnSite.push(`${reason} ${request.url()}`);
    });
    return page;
  };

  /** From the sign-in page, through the provider's login and consent pages, back to the site. */
  const signInWithProvider = async (page: Page, shot: string) => {
    await page.goto(`${server.url}/account/login?from=/games`);
    const button = page.getByRole('link', { name: 'Sign in with Test University' });
    await button.waitFor();
    await page.screenshot({ path: join(screenshots, `sso-${shot}-sign-in-page.png`) });
    await checkAccessibility(page, `sign-in page (${shot})`);
    await button.click();
    // The provider's own pages (oidc-provider's login and consent views).
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill('alice');
    await page.locator('input[name="password"]').fill('any password');
    await page.screenshot({ path: join(screenshots, `sso-${shot}-provider-login.png`) });
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.url}/games`);
    await page.getByRole('button', { name: 'Account menu of alice' }).waitFor();
    await page.screenshot({ path: join(screenshots, `sso-${shot}-signed-in.png`) });
  };

  /** Serious and critical axe-core violations of the page as it is, described. */
  const accessibilityProblems: string[] = [];
  const checkAccessibility = async (page: Page, where: string) => {
    accessibilityProblems.push(...describeViolations(where, blocking(await runAxe(page))));
  };

  const accountOf = async (page: Page) => {
    const response = await page.request.get(`${server.url}/api/account/profile`);
    expect(response.status()).toBe(200);
    return (await response.json()) as { userId: string; userName: string; email: string };
  };

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    idp = await startTestIdentityProvider([`${server.url}/api/account/sso/uni/callback`]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await idp?.close();
    await server?.stop();
  });

  let firstAccount: { userId: string; userName: string; email: string };

  it('an organiser adds the provider in the console; its secret is never shown again', async () => {
    const page = await openPage(viewports.desktop);
    await page.goto(`${server.url}/account/login?from=/admin/ssoProviders/create`);
    await signInThroughPage(page, ADMIN_USER_NAME, ADMIN_PASSWORD);
    await page.waitForURL(/\/admin\/ssoProviders\/create$/);
    await page.locator('input[name="id"]').fill('uni');
    await page.locator('input[name="name"]').fill('Test University');
    await page.locator('input[name="issuer"]').fill(idp.issuer);
    await page.locator('input[name="clientId"]').fill(OIDC_CLIENT.id);
    await page.locator('input[name="clientSecret"]').fill(OIDC_CLIENT.secret);
    await checkAccessibility(page, 'console: new provider');
    await page.screenshot({
      path: join(screenshots, 'sso-desktop-console-create.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/ssoProviders$/);
    await page.getByRole('cell', { name: 'Test University' }).waitFor();
    await page.screenshot({ path: join(screenshots, 'sso-desktop-console-list.png') });
    await checkAccessibility(page, 'console: providers');

    const phone = await openPage(viewports.phone);
    await phone.goto(`${server.url}/account/login?from=/admin/ssoProviders/uni`);
    await signInThroughPage(phone, ADMIN_USER_NAME, ADMIN_PASSWORD);
    await phone.locator('input[name="issuer"]').waitFor();
    expect(await phone.locator('input[name="issuer"]').inputValue()).toBe(idp.issuer);
    expect(await phone.locator('input[name="clientSecret"]').inputValue()).toBe('');
    expect(await phone.content()).not.toContain(OIDC_CLIENT.secret);
    await phone.screenshot({
      path: join(screenshots, 'sso-phone-console-edit.png'),
      fullPage: true,
    });
  });

  it('makes an account at the first sign-in (desktop)', async () => {
    const page = await openPage(viewports.desktop);
    await signInWithProvider(page, 'desktop');
    firstAccount = await accountOf(page);
    expect(firstAccount).toMatchObject({ userName: 'alice', email: 'alice@idp.test' });

    await page.goto(`${server.url}/account/profile`);
    const linked = page.getByRole('region', { name: 'Linked sign-ins' });
    await linked.getByText('Test University').waitFor();
    await linked.getByText(/Linked as alice@idp\.test/).waitFor();
    await page.screenshot({ path: join(screenshots, 'sso-desktop-profile.png'), fullPage: true });
    await checkAccessibility(page, 'profile');
  });

  it('signs into the same account the second time (phone)', async () => {
    const page = await openPage(viewports.phone);
    await signInWithProvider(page, 'phone');
    expect((await accountOf(page)).userId).toBe(firstAccount.userId);
    const users = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('normalized_email', '=', 'alice@idp.test')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('shows a refused sign-in on the sign-in page, not as JSON', async () => {
    const page = await openPage(viewports.phone);
    await page.goto(`${server.url}/api/account/sso/uni/callback?code=forged&state=forged`);
    await page.waitForURL(/\/account\/login\?sso_error=InvalidState$/);
    await page.getByText('This sign-in expired or was already used').waitFor();
    await page.screenshot({ path: join(screenshots, 'sso-phone-refused.png') });
  });

  it('logged no errors; the only failed requests were signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(new Set(pages.failedResponses)).toEqual(new Set(['401 /api/account/profile']));
    expect(failedOnSite).toEqual([]);
    expect(accessibilityProblems).toEqual([]);
  });
});
