// Issue 25, hints with a price, in Chromium at 1280 and 375: an organiser adds a hint costing 100
// points to a challenge in the console; a player opens the challenge, presses Unlock, is told the
// price and the policy, confirms and reads the hint; the team's score drops to −100 on the board;
// a teammate with the same challenge open sees the hint appear without a reload; a monitor sees
// the unlock on the monitor pages. Screenshots: test-results/screenshots/priced-hints-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, signInThroughApi, type ApiSession } from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { seedRunningGame, type SeededGame } from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const teamName = 'Lanterns';
const hintText = 'The jar opens with the session cookie of the admin';

/** The page's document as far as waiting for its animations needs (no DOM types here). */
interface AnimatedDocument {
  getAnimations(): { playState: string }[];
}

/** Sends a raw JSON body (a bare string, as the invite code is sent). */
async function sendJson(session: ApiSession, path: string, body: string) {
  const xsrf = (await session.context.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  const response = await session.context.fetch(path, {
    method: 'POST',
    headers: { 'X-XSRF-TOKEN': xsrf!.value, 'Content-Type': 'application/json' },
    data: body,
  });
  if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}`);
}

describe('a player unlocks a hint with a price', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let admin: ApiSession;
  let captain: ApiSession;
  let mate: ApiSession;
  let browser: Browser;
  let organiser: Page;
  let captainPage: Page;
  let matePage: Page;
  let game: SeededGame;
  const pages = watchPages();

  const shot = (target: Page, name: string) =>
    target.screenshot({ path: join(screenshots, `priced-hints-${name}.png`), fullPage: true });
  const expectNoBlockingAxe = async (target: Page, where: string) => {
    const found = blocking(await runAxe(target));
    expect(found, describeViolations(where, found).join('\n')).toEqual([]);
  };
  const contextOf = async (
    session: ApiSession,
    width: number,
    height: number,
  ): Promise<BrowserContext> =>
    browser.newContext({
      viewport: { width, height },
      storageState: await session.context.storageState(),
    });
  const openChallenge = async (page: Page) => {
    await page.goto(`${server.url}/games/${game.id}/challenges`);
    await page.getByRole('button', { name: game.challenge.title }).click();
    return page.getByRole('dialog', { name: game.challenge.title });
  };

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    game = await seedRunningGame(admin, { title: 'Lantern Cup' });
    const suffix = Date.now() % 100000;
    captain = await registerThroughApi(server.url, {
      userName: `lantern${suffix}`,
      email: 'lantern@example.com',
      password: 'Lantern-Cup-2026',
    });
    mate = await registerThroughApi(server.url, {
      userName: `wick${suffix}`,
      email: 'wick@example.com',
      password: 'Lantern-Cup-2026',
    });
    const team = await captain.call<{ id: number }>('POST', '/api/team', {
      data: { name: teamName },
    });
    const code = (await (await captain.get(`/api/team/${team.id}/invite`)).json()) as string;
    await sendJson(mate, '/api/team/accept', JSON.stringify(code));
    for (const player of [captain, mate]) {
      await player.call('POST', `/api/game/${game.id}`, { data: { teamId: team.id } });
    }
    browser = await launchBrowser();
    organiser = await (await contextOf(admin, 1280, 800)).newPage();
    captainPage = await (await contextOf(captain, 1280, 800)).newPage();
    matePage = await (await contextOf(mate, 1280, 800)).newPage();
    for (const page of [organiser, captainPage, matePage]) {
      page.setDefaultTimeout(15_000);
      pages.watch(page);
    }
  });

  afterAll(async () => {
    await captain?.dispose();
    await mate?.dispose();
    await admin?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('the organiser adds a hint costing 100 points in the console', async () => {
    await organiser.goto(`${server.url}/admin/games/${game.id}/challenges/${game.challenge.id}`);
    const panel = organiser.getByRole('region', { name: 'Hints with a price' });
    await panel.getByText('No hints with a price yet').waitFor();
    await panel.getByRole('textbox', { name: 'Hint text' }).last().fill(hintText);
    await panel.getByRole('spinbutton', { name: 'Cost (points)' }).last().fill('100');
    await panel.getByRole('button', { name: 'Add hint' }).click();
    await organiser.getByText('Hint saved').waitFor();
    await panel.getByRole('listitem', { name: 'Hint 1' }).waitFor();
    await shot(organiser, 'console');
    await expectNoBlockingAxe(organiser, 'console challenge with a priced hint');
  });

  it('the player unlocks it after the confirmation; the teammate sees it live; the score drops', async () => {
    const mateDialog = await openChallenge(matePage);
    const mateHints = mateDialog.getByRole('region', { name: 'Hints with a price' });
    await mateHints.getByText('Hint 1 · 100 pts').waitFor();

    const dialog = await openChallenge(captainPage);
    const hints = dialog.getByRole('region', { name: 'Hints with a price' });
    await hints.getByRole('button', { name: 'Unlock' }).click();
    const confirm = captainPage.getByRole('dialog', { name: 'Unlock this hint?' });
    await confirm.getByText(/costs your team 100 pts now/).waitFor();
    // the dialog's fade-in done, for the screenshot
    await confirm.evaluate((el) =>
      Promise.all(
        el.getAnimations({ subtree: true }).map((a: { finished: Promise<unknown> }) => a.finished),
      ),
    );
    await shot(captainPage, 'confirm');
    await expectNoBlockingAxe(captainPage, 'unlock confirmation');
    await confirm.getByRole('button', { name: 'Unlock' }).click();
    await hints.getByText(hintText).waitFor();
    await shot(captainPage, 'unlocked');

    // the teammate's open dialog, never reloaded, shows the hint
    await mateHints.getByText(hintText).waitFor();

    await captainPage.goto(`${server.url}/games/${game.id}/scoreboard`);
    const row = captainPage
      .getByRole('table', { name: 'Ranking' })
      .getByRole('row')
      .filter({ hasText: teamName });
    await row.getByText(/^[-−]100$/).waitFor();
    await shot(captainPage, 'board');
  });

  it('a monitor sees who unlocked what and when', async () => {
    await organiser.goto(`${server.url}/games/${game.id}/monitor/hints`);
    const unlocked = organiser.getByRole('row').filter({ hasText: teamName });
    await unlocked.getByText(game.challenge.title).waitFor();
    await unlocked.getByText('100', { exact: true }).waitFor();
    await shot(organiser, 'monitor');
    await expectNoBlockingAxe(organiser, 'monitor hint unlocks');
  });

  it('on a phone, the unlocked hint reads in the challenge dialog', async () => {
    const context = await contextOf(mate, 375, 812);
    try {
      const phone = await context.newPage();
      pages.watch(phone);
      const dialog = await openChallenge(phone);
      await dialog.getByText(hintText).waitFor();
      // the dialog's slide-in done, for the screenshot
      await phone.waitForFunction(() =>
        (globalThis as unknown as { document: AnimatedDocument }).document
          .getAnimations()
          .every((animation) => animation.playState !== 'running'),
      );
      await shot(phone, 'player-phone');
      await expectNoBlockingAxe(phone, 'challenge dialog with a priced hint, phone');
    } finally {
      await context.close();
    }
    const organiserPhone = await contextOf(admin, 375, 812);
    try {
      const page = await organiserPhone.newPage();
      pages.watch(page);
      await page.goto(`${server.url}/admin/games/${game.id}/challenges/${game.challenge.id}`);
      await page
        .getByRole('region', { name: 'Hints with a price' })
        .getByRole('listitem', { name: 'Hint 1' })
        .waitFor();
      await shot(page, 'console-phone');
    } finally {
      await organiserPhone.close();
    }
  });

  it('logged no errors; the only failed requests were signed-out checks', () => {
    expect(pages.errors).toEqual([]);
    expect(pages.failedResponses.filter((r) => !r.startsWith('401 '))).toEqual([]);
  });
});
