// A player adds a passkey on the profile page, signs out, and signs in with the passkey alone (no
// user name), in Chromium with its virtual authenticator (CDP WebAuthn domain: a platform
// authenticator holding discoverable credentials, verifying the user); then renames and deletes
// it, and the deleted passkey no longer signs in. At desktop and phone width.
// The site is opened at http://localhost:<port>: a WebAuthn relying party id is a domain, never
// an IP address, and Chromium treats localhost as a secure context.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUserNameOrEmail } from '../server/src/db/repositories/users.js';
import { listPasskeys } from '../server/src/db/repositories/passkeys.js';
import { registerThroughApi } from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { overflowingElements, rawTranslationKeys } from './support/pageChecks.js';
import { startServer, type RunningServer } from './support/server.js';
import { addVirtualAuthenticator } from './support/virtualAuthenticator.js';
import { watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

describe('a player signs in with a passkey', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let site: string;
  let browser: Browser;
  const suffix = Date.now() % 100000;
  const pages = watchPages();

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(screenshots, `passkey-${name}.png`), fullPage: true });
  const expectNoBlockingAxe = async (page: Page, where: string) => {
    const found = blocking(await runAxe(page));
    expect(found, describeViolations(where, found).join('\n')).toEqual([]);
  };

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

  for (const [who, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 375, 812],
  ] as const) {
    it(`adds a passkey on the profile, signs in with it alone, renames and deletes it, at ${width} px`, async () => {
      const userName = `key${who}${suffix}`;
      const session = await registerThroughApi(site, {
        userName,
        email: `${userName}@example.com`,
        password: 'Passkey-Pass1',
      });
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

        // The profile: no passkey yet; add one named for the device.
        await page.goto(`${site}/account/profile`);
        const section = page.getByRole('region', { name: 'Passkeys' });
        await section.getByText('No passkeys yet.').waitFor();
        await section.getByLabel('Passkey name').fill(`My ${who}`);
        await section.getByRole('button', { name: 'Add a passkey' }).click();
        await page.getByText('Passkey added').waitFor();
        const list = section.getByRole('list', { name: 'Your passkeys' });
        await list.getByText(`My ${who}`).waitFor();
        await list.getByText('Never used').waitFor();
        expect(await rawTranslationKeys(page)).toEqual([]);
        expect(await overflowingElements(page)).toEqual([]);
        await section.scrollIntoViewIfNeeded();
        await shot(page, `profile-${who}`);
        await expectNoBlockingAxe(page, `profile with a passkey, ${who}`);

        // Sign out, then sign in with the passkey alone: no user name, no password.
        await page.getByRole('button', { name: `Account menu of ${userName}` }).click();
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        await page.goto(`${site}/account/login`);
        const button = page.getByRole('button', { name: 'Sign in with a passkey' });
        await button.waitFor();
        await shot(page, `sign-in-${who}`);
        await expectNoBlockingAxe(page, `sign-in page with the passkey button, ${who}`);
        await button.click();
        await page.getByRole('button', { name: `Account menu of ${userName}` }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');

        // The passkey's use is recorded and shown on the profile.
        const user = await findUserByUserNameOrEmail(server.app.db, userName);
        const [stored] = await listPasskeys(server.app.db, user!.id);
        expect(stored).toMatchObject({ name: `My ${who}` });
        expect(stored!.lastUsedAt).not.toBeNull();
        await page.goto(`${site}/account/profile`);
        await section.getByText(/Last used /).waitFor();
        await shot(page, `profile-used-${who}`);

        // Rename it, then delete it: the authenticator still holds it, and the site refuses it.
        await list.getByRole('button', { name: `Rename My ${who}` }).click();
        const rename = page.getByRole('dialog', { name: 'Rename passkey' });
        await rename.getByLabel('Passkey name').fill(`Old ${who}`);
        await rename.getByRole('button', { name: 'Save' }).click();
        await list.getByText(`Old ${who}`).waitFor();
        await list.getByRole('button', { name: `Delete Old ${who}` }).click();
        const confirm = page.getByRole('dialog', { name: 'Delete this passkey?' });
        await confirm
          .getByText(`“Old ${who}” will no longer sign you in.`, { exact: false })
          .waitFor();
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await section.getByText('No passkeys yet.').waitFor();
        expect(await listPasskeys(server.app.db, user!.id)).toEqual([]);

        await page.getByRole('button', { name: `Account menu of ${userName}` }).click();
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        await page.goto(`${site}/account/login`);
        await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
        await page.getByText('The passkey was not accepted').waitFor();
        expect(await page.getByRole('button', { name: /^Account menu of/ }).count()).toBe(0);
        await shot(page, `refused-${who}`);
      } finally {
        await context?.close();
        await session.dispose();
      }
    });
  }

  it('logged no errors; the only failed requests were signed-out profile checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedRequests).toEqual([]);
    // Besides signed-out profile checks, the deleted passkey's refusals.
    expect(new Set(pages.failedResponses)).toEqual(
      new Set(['401 /api/account/profile', '401 /api/account/passkeys/signin']),
    );
  });
});
