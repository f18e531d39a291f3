// Prerequisites (issue 25), end to end in Chromium: the organiser makes "The Vault" require
// "Cookie Jar" in the console (shown locked to teams) and finds it in "What unlocks what"; a
// player sees The Vault locked with what opens it, solves Cookie Jar in the page, and The Vault
// opens without a reload — in the page that solved it and, pushed over /hub/user, in the team's
// other page on a phone. Screenshots at desktop and phone width:
// test-results/screenshots/unlocks-*.png.
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
import { waitUntilLoaded } from './support/pageChecks.js';
import { seedRunningGame, type SeededGame } from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();
const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };

describe(
  'an organiser chains challenges and a player opens them',
  skipUnless(enabled, noChromium),
  () => {
    let server: RunningServer;
    let admin: ApiSession;
    let player: ApiSession;
    let browser: Browser;
    let game: SeededGame;
    let vault = 0;
    const pages = watchPages();
    const contexts: BrowserContext[] = [];

    const shot = (page: Page, name: string) =>
      page.screenshot({ path: join(screenshots, `unlocks-${name}.png`), fullPage: true });
    const open = async (viewport: typeof desktop, storageState?: string) => {
      const context = await browser.newContext({
        viewport,
        timezoneId: 'UTC',
        ...(storageState && { storageState: JSON.parse(storageState) }),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      pages.watch(page);
      return page;
    };
    const expectAccessible = async (page: Page, where: string) => {
      await waitUntilLoaded(page);
      expect(describeViolations(where, blocking(await runAxe(page)))).toEqual([]);
    };

    beforeAll(async () => {
      await mkdir(screenshots, { recursive: true });
      server = await startServer();
      admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
      game = await seedRunningGame(admin, { title: 'Chained Cup' });
      const base = `/api/edit/games/${game.id}/challenges`;
      vault = (
        await admin.call<{ id: number }>('POST', base, {
          data: { title: 'The Vault', category: 'Web' },
        })
      ).id;
      await admin.call('POST', `${base}/${vault}/flags`, {
        data: [{ flag: 'flag{behind_the_door}' }],
      });
      await admin.call('PUT', `${base}/${vault}`, {
        data: { content: 'The door opened.', isEnabled: true },
      });
      player = await registerThroughApi(server.url, {
        userName: `grace${Date.now() % 100000}`,
        email: 'grace@example.com',
        password: 'Hopper1906!',
      });
      await registerTeamInGame(player, game.id, { name: 'Compilers' });
      browser = await launchBrowser();
    });

    afterAll(async () => {
      for (const context of contexts) await context.close();
      await player?.dispose();
      await admin?.dispose();
      await browser?.close();
      await server?.stop();
    });

    it('makes The Vault require Cookie Jar in the console, shown locked', async () => {
      const page = await open(desktop);
      await page.goto(`${server.url}/admin/games/${game.id}/challenges/${vault}`);
      await page.waitForURL(/\/account\/login/);
      await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL(/\/challenges\/\d+$/);
      await page.getByRole('heading', { name: 'Unlocking' }).waitFor();
      const prerequisites = page.getByRole('combobox', { name: 'Prerequisites' });
      await prerequisites.click();
      await page.getByRole('option', { name: game.challenge.title }).click();
      await page.getByRole('switch', { name: 'Show while locked' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Challenge saved').first().waitFor();
      await shot(page, 'console-desktop-form');

      const saved = (await (
        await admin.get(`/api/edit/games/${game.id}/challenges/${vault}`)
      ).json()) as { prerequisites: number[]; showWhenLocked: boolean };
      expect(saved).toMatchObject({ prerequisites: [game.challenge.id], showWhenLocked: true });

      await page.goto(`${server.url}/admin/games/${game.id}/challenges`);
      const overview = page.getByRole('region', { name: 'What unlocks what' });
      await overview.getByText(`after solving ${game.challenge.title}`).waitFor();
      await overview.getByText(`Open from the start: ${game.challenge.title}`).waitFor();
      await expectAccessible(page, 'challenge list with unlocks (desktop)');
      await shot(page, 'console-desktop-overview');
      // a phone opens the page afresh (the console's layout is chosen as it loads)
      await page.setViewportSize(phone);
      await page.reload();
      await overview.getByText(`after solving ${game.challenge.title}`).waitFor();
      await shot(page, 'console-phone-overview');
    });

    it('shows the player The Vault locked, and opens it without a reload once Cookie Jar is solved', async () => {
      const state = JSON.stringify(await player.context.storageState());
      const page = await open(desktop, state);
      const other = await open(phone, state);
      for (const view of [page, other]) {
        await view.goto(`${server.url}/games/${game.id}/challenges`);
        const locked = view.getByTestId('locked-challenge');
        await locked.getByText('The Vault').waitFor();
        await locked.getByText(`Solve ${game.challenge.title}`, { exact: false }).waitFor();
        // the hub is live: what follows arrives pushed
        await view
          .getByRole('region', { name: 'Notices' })
          .getByText('Live', { exact: true })
          .waitFor();
      }
      await expectAccessible(page, 'locked challenge (desktop)');
      await shot(page, 'player-desktop-locked');
      await shot(other, 'player-phone-locked');
      const loads = { page: 0, other: 0 };
      page.on('load', () => loads.page++);
      other.on('load', () => loads.other++);

      await page.getByRole('button', { name: game.challenge.title }).click();
      const dialog = page.getByRole('dialog', { name: game.challenge.title });
      await dialog.getByRole('textbox', { name: 'Flag' }).fill(game.challenge.flag);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Correct! The challenge is solved.').waitFor();
      await page.getByRole('button', { name: 'Close' }).first().click();

      for (const view of [page, other]) {
        await view.getByRole('button', { name: /^The Vault/ }).waitFor();
        expect(await view.getByTestId('locked-challenge').count()).toBe(0);
      }
      expect(loads).toEqual({ page: 0, other: 0 });
      await shot(page, 'player-desktop-opened');
      await shot(other, 'player-phone-opened');

      await other.getByRole('button', { name: /^The Vault/ }).click();
      await other
        .getByRole('dialog', { name: 'The Vault' })
        .getByText('The door opened.')
        .waitFor();
      await shot(other, 'player-phone-vault');
      expect(pages.errors).toEqual([]);
    });
  },
);
