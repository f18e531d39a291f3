// Issue 26, two-step sign-in with an authenticator app, in Chromium: a player turns it on from the
// profile (the test reads the setup key shown under the QR code and computes codes with otplib, as
// an app would), sees the recovery codes once, signs out, signs in with password + code, then with
// a recovery code; at desktop (1280) and phone (375) width.
// Screenshots: test-results/screenshots/two-step-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, type ApiSession } from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { overflowingElements, rawTranslationKeys, waitUntilLoaded } from './support/pageChecks.js';
import { startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const PERIOD_MS = 30_000;

/** The code an authenticator app shows for the 30-second step `step`. */
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 + 1 });

/** The current step, once it has at least 10 s left (a code typed now is checked in it). */
async function freshStep(): Promise<number> {
  for (;;) {
    const now = Date.now();
    if (PERIOD_MS - (now % PERIOD_MS) >= 10_000) return Math.floor(now / PERIOD_MS);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a player signs in with two steps', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let player: ApiSession;
  let browser: Browser;
  let page: Page;
  let secret = '';
  let recoveryCodes: string[] = [];
  /** The last step whose code was used (each code is accepted once). */
  let usedStep = 0;
  const pages = watchPages();
  const suffix = Date.now() % 100000;
  const account = {
    userName: `twostep${suffix}`,
    email: `twostep${suffix}@example.com`,
    password: 'Two-Steps-2026',
  };

  const shot = (name: string) =>
    page.screenshot({ path: join(screenshots, `two-step-${name}.png`), fullPage: true });
  const accountMenu = () =>
    page.getByRole('button', { name: `Account menu of ${account.userName}` });
  const expectTidy = async (where: string) => {
    // The pointer that pressed "Sign in" may rest on the button that replaced it: no hover state.
    await page.mouse.move(0, 0);
    await page
      .locator('body')
      .evaluate((body) =>
        Promise.all(
          body
            .getAnimations({ subtree: true })
            .map((a: { finished: Promise<unknown> }) => a.finished),
        ),
      );
    expect(await waitUntilLoaded(page), `${where} finished loading`).toBe(true);
    expect(await rawTranslationKeys(page), where).toEqual([]);
    expect(await overflowingElements(page), where).toEqual([]);
    const found = blocking(await runAxe(page));
    expect(found, describeViolations(where, found).join('\n')).toEqual([]);
  };
  const signOut = async () => {
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page
      .getByRole('link', { name: /sign in/i })
      .first()
      .waitFor();
  };
  /** A code of a step later than the last one used. */
  const nextCode = async () => {
    let step = await freshStep();
    if (step <= usedStep) {
      // the last code was of this step: wait for the next one
      while (Math.floor(Date.now() / PERIOD_MS) <= usedStep)
        await new Promise((resolve) => setTimeout(resolve, 250));
      step = await freshStep();
    }
    usedStep = step;
    return codeAt(secret, step);
  };

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    player = await registerThroughApi(server.url, account);
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: await player.context.storageState(),
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    pages.watch(page);
  });

  afterAll(async () => {
    await player?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('turns two-step sign-in on from the profile with the QR code and a code', async () => {
    await page.goto(`${server.url}/account/profile`);
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByText(/Two-step sign-in is off/).waitFor();
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const key = section.getByTestId('totp-secret');
    secret = (await key.getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The key as shown, in groups of four, is the same secret.
    expect((await key.innerText()).replace(/\s+/g, '')).toBe(secret);
    await shot('enrol-desktop');
    await expectTidy('profile enrolment');

    // The code of the step before (one step of drift is accepted): later steps stay unused.
    const step = await freshStep();
    usedStep = step - 1;
    await section.getByRole('textbox', { name: 'Code' }).fill(await codeAt(secret, step - 1));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const list = section.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await section.getByRole('button', { name: 'Download' }).waitFor();
    await shot('recovery-codes-desktop');
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText(/Two-step sign-in is on/).waitFor();
    await section.getByText('Unused recovery codes: 10').waitFor();
  });

  it('signs out, then signs in with the password and a code', async () => {
    await signOut();
    await page.goto(`${server.url}/account/login`);
    await signInThroughPage(page, account.userName, account.password);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByText('Enter the 6-digit code your authenticator app shows.').waitFor();
    await shot('code-desktop');
    await expectTidy('second step');
    await page.getByRole('textbox', { name: 'Code' }).fill(await nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await accountMenu().waitFor();
  });

  it('refuses the same code again, and signs in with a recovery code instead', async () => {
    const used = await codeAt(secret, usedStep);
    await signOut();
    await page.goto(`${server.url}/account/login`);
    await signInThroughPage(page, account.userName, account.password);
    await page.getByRole('textbox', { name: 'Code' }).fill(used);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .getByText(/used already|wrong or has expired/)
      .waitFor();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await accountMenu().waitFor();
  });

  it('works at phone width: the second step and the profile section', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signOut();
    await page.goto(`${server.url}/account/login`);
    await signInThroughPage(page, account.userName, account.password);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await shot('code-phone');
    await expectTidy('second step at phone width');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    // A used recovery code is refused; another one works.
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('alert')
      .getByText(/wrong or was used already/)
      .waitFor();
    await shot('recovery-refused-phone');
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[1]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await accountMenu().waitFor();

    await page.goto(`${server.url}/account/profile`);
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByText('Unused recovery codes: 8').waitFor();
    await section.scrollIntoViewIfNeeded();
    await shot('profile-phone');
    await expectTidy('profile at phone width');
  });

  it('logged no errors; failed requests were the refused codes and signed-out checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedRequests).toEqual([]);
    expect(new Set(pages.failedResponses)).toEqual(
      new Set(['401 /api/account/profile', '400 /api/account/login/second-step']),
    );
  });
});
