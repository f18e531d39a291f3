// Issue 26, a passkey as the second step, in Chromium with its virtual authenticator: a player
// with two-step sign-in turned on (an authenticator app, set up through the API here; the app's
// own journey is playerSignsInWithTwoSteps) adds a passkey on the profile, signs out, types the
// password, and finishes the sign-in with "Use a passkey" instead of a code. At desktop and phone
// width. The site is opened at http://localhost:<port>: a WebAuthn relying party id is a domain.
// Screenshots: test-results/screenshots/passkey-second-step-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, type ApiSession } from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { overflowingElements, rawTranslationKeys } from './support/pageChecks.js';
import { startServer, type RunningServer } from './support/server.js';
import { addVirtualAuthenticator } from './support/virtualAuthenticator.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const PASSWORD = 'Second-Step-Pass1';

/** The code an authenticator app shows for the 30-second step before the current one. */
const previousCode = (secret: string) =>
  generate({ secret, epoch: (Math.floor(Date.now() / 30_000) - 1) * 30 + 1 });

/** Turns the authenticator app on through the API, as the profile page does. */
async function turnOnAuthenticatorApp(session: ApiSession): Promise<void> {
  const { secret } = await session.call<{ secret: string }>('POST', '/api/account/two-step/totp');
  await session.call('POST', '/api/account/two-step/totp/confirm', {
    data: { code: await previousCode(secret) },
  });
}

describe('a player finishes a sign-in with a passkey', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let site: string;
  let browser: Browser;
  const suffix = Date.now() % 100000;
  const pages = watchPages();

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    site = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({
      path: join(screenshots, `passkey-second-step-${name}.png`),
      fullPage: true,
    });

  for (const [who, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 375, 812],
  ] as const) {
    it(`types the password, then uses a passkey instead of a code, at ${width} px`, async () => {
      const userName = `s2${who.slice(0, 1)}${suffix}`;
      const session = await registerThroughApi(site, {
        userName,
        email: `${userName}@example.com`,
        password: PASSWORD,
      });
      await turnOnAuthenticatorApp(session);
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext({
          viewport: { width, height },
          storageState: await session.context.storageState(),
        });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        pages.watch(page);
        await addVirtualAuthenticator(page);

        await page.goto(`${site}/account/profile`);
        const passkeys = page.getByRole('region', { name: 'Passkeys' });
        await passkeys.getByLabel('Passkey name').fill(`Key ${who}`);
        await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
        await passkeys
          .getByRole('list', { name: 'Your passkeys' })
          .getByText(`Key ${who}`)
          .waitFor();

        const accountMenu = page.getByRole('button', { name: `Account menu of ${userName}` });
        await accountMenu.click();
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        await page.goto(`${site}/account/login`);
        await signInThroughPage(page, userName, PASSWORD);
        await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
        const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
        await usePasskey.waitFor();
        expect(await rawTranslationKeys(page)).toEqual([]);
        expect(await overflowingElements(page)).toEqual([]);
        await shot(page, who);
        const found = blocking(await runAxe(page));
        expect(found, describeViolations(`second step, ${who}`, found).join('\n')).toEqual([]);

        await usePasskey.click();
        await accountMenu.waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        await page.goto(`${site}/account/profile`);
        await passkeys.getByText(/Last used /).waitFor();
      } finally {
        await context?.close();
        await session.dispose();
      }
    });
  }

  it('logged no errors; the only failed answers were the signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedRequests).toEqual([]);
    expect(pages.failedResponses.filter((r) => r !== '401 /api/account/profile')).toEqual([]);
  });
});
