// An organiser takes a game from one event to the next through the console: exports the game in
// full swing as a zip archive, imports that archive as a new game (hidden until shown, with its
// challenges and flags), and downloads the CTFtime feed of the original. On a phone width the
// games list with its Import button stays usable. Screenshots: test-results/screenshots/archive-*.png.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { seedGameInFullSwing, type ConsoleSeed } from './support/consoleSeed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

describe('an organiser moves a game to the next event', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let seed: ConsoleSeed;
  let archivePath = '';
  const pages = watchPages();
  const shot = (target: Page, name: string) =>
    target.screenshot({ path: join(screenshots, `archive-${name}.png`), fullPage: true });

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    // The seed starts a team container when an engine answers: the server must reach it too.
    server = await startServer({ DOCKER_HOST: process.env.DOCKER_HOST ?? '' });
    seed = await seedGameInFullSwing(server);
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      timezoneId: 'UTC',
      acceptDownloads: true,
    });
    page = await context.newPage();
    pages.watch(page);
  });

  afterAll(async () => {
    await seed?.cleanUp();
    await browser?.close();
    await server?.stop();
  });

  it('exports the game from its page as a zip archive', async () => {
    await page.goto(`${server.url}/admin/games/${seed.gameId}/info`);
    await page.waitForURL(/\/account\/login/);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('tab', { name: 'Info', selected: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    // Named by the server: the title and the moment of the export.
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${seed.gameTitle}-\\d{8}-.*\\.zip$`));
    archivePath = join(screenshots, `..`, `archive-${seed.gameId}.zip`);
    await download.saveAs(archivePath);
    const bytes = await readFile(archivePath);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // a zip file
  });

  it('downloads the CTFtime feed with the accepted team in it', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CTFtime feed' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`ctftime-${seed.gameId}.json`);
    const feed = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      standings: { pos: number; team: string; score: number }[];
    };
    expect(feed.standings).toEqual([{ pos: 1, team: seed.acceptedTeam, score: 0 }]);
  });

  it('imports the archive from the games list as a new hidden game with its challenges', async () => {
    await page.goto(`${server.url}/admin/games`);
    await page.getByText(seed.gameTitle).first().waitFor();
    await page.getByTestId('import-game-file').setInputFiles(archivePath);
    await page.getByText(`The game “${seed.gameTitle} (imported)” was imported`).waitFor();
    await page.waitForURL(/\/admin\/games\/\d+\/info$/);
    const importedId = Number(/\/games\/(\d+)\/info$/.exec(page.url())?.[1]);
    expect(importedId).not.toBe(seed.gameId);
    await shot(page, 'imported');

    const games = await server.app.db
      .selectFrom('games')
      .select(['id', 'title', 'hidden', 'accept_without_review'])
      .where('id', '=', importedId)
      .executeTakeFirstOrThrow();
    // Never taken for the original: marked as imported, hidden, registrations under review.
    expect(games).toMatchObject({ title: `${seed.gameTitle} (imported)` });
    expect(Boolean(games.hidden)).toBe(true);
    expect(Boolean(games.accept_without_review)).toBe(false);
    const challenges = await server.app.db
      .selectFrom('challenges')
      .select('title')
      .where('game_id', '=', importedId)
      .orderBy('title')
      .execute();
    const original = await server.app.db
      .selectFrom('challenges')
      .select('title')
      .where('game_id', '=', seed.gameId)
      .orderBy('title')
      .execute();
    expect(challenges).toEqual(original);

    await page.goto(`${server.url}/admin/games/${importedId}/challenges`);
    await page.getByText(seed.staticChallenge.title).first().waitFor();
  });

  it('keeps the games list and its Import button usable at phone width, without axe findings', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      timezoneId: 'UTC',
      storageState: await page.context().storageState(),
    });
    try {
      const phone = await context.newPage();
      pages.watch(phone);
      await phone.goto(`${server.url}/admin/games`);
      await phone.getByText(seed.gameTitle).first().waitFor();
      const importButton = phone.getByRole('button', { name: 'Import', exact: true });
      await importButton.waitFor();
      await shot(phone, 'games-phone');
      // The page keeps the phone's width; the table scrolls inside its card.
      const box = await importButton.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(
        await phone.evaluate<number>('document.documentElement.scrollWidth'),
      ).toBeLessThanOrEqual(390);
      const found = blocking(await runAxe(phone));
      expect(found, describeViolations('games list on a phone', found).join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('met no page error on the way', () => {
    expect(pages.errors).toEqual([]);
  });
});
