// An organiser moving from CTFd brings the export CTFd 3.8.7 made (server/test/fixtures/ctfd/)
// into the console: the games list's "Import from CTFd" makes a hidden game and shows the report
// of what mapped and what did not, each CTFd challenge linked to what it became; the dynamic one
// opens with its fitted score. At phone width the report fills the screen and stays readable.
// Screenshots: test-results/screenshots/ctfd-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const ctfdExport = join(
  import.meta.dirname,
  '..',
  'server/test/fixtures/ctfd/ctfd-3.8.7-export.zip',
);
const enabled = requireChromium();

describe('an organiser comes from CTFd', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pages = watchPages();
  const shot = (target: Page, name: string) =>
    target.screenshot({ path: join(screenshots, `ctfd-${name}.png`), fullPage: true });

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      timezoneId: 'UTC',
    });
    page = await context.newPage();
    pages.watch(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('imports the CTFd export from the games list and reads the report', async () => {
    await page.goto(`${server.url}/admin/games`);
    await page.waitForURL(/\/account\/login/);
    await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Import from CTFd' }).waitFor();
    await page.getByTestId('import-ctfd-file').setInputFiles(ctfdExport);

    const report = page.getByRole('dialog');
    await report.getByText('Imported from CTFd: Harbour CTF 2026 (imported)').waitFor();
    await report.getByText('CTFd 3.8.7 export: 9 challenges imported, 0 left out.').waitFor();
    // What did not map, in words: the decay, the bundled files, the mechanics left out.
    await report
      .getByText(/CTFd's logarithmic decay \(initial 500, minimum 100, decay 10\)/)
      .waitFor();
    await report.getByText(/Its 2 files were put in one zip, A Read the file-files\.zip/).waitFor();
    await report.getByText('Hidden in CTFd: imported disabled.').waitFor();
    await report.getByText(/not its event: users \(4\), teams \(3\), submissions \(11\)/).waitFor();
    await shot(page, 'report');

    await report.getByRole('link', { name: 'A Decaying' }).click();
    await page.waitForURL(/\/admin\/games\/\d+\/challenges\/\d+$/);
    await page.getByLabel('Base score').first().waitFor();
    expect(await page.getByLabel('Base score').first().inputValue()).toBe('500');
    await shot(page, 'dynamic-challenge');

    const game = await server.app.db
      .selectFrom('games')
      .select(['title', 'hidden'])
      .executeTakeFirstOrThrow();
    expect(game.title).toBe('Harbour CTF 2026 (imported)');
    expect(Boolean(game.hidden)).toBe(true);
  });

  it('shows the report full-screen at phone width, without axe findings', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      timezoneId: 'UTC',
      storageState: await page.context().storageState(),
    });
    try {
      const phone = await context.newPage();
      pages.watch(phone);
      await phone.goto(`${server.url}/admin/games`);
      await phone.getByRole('button', { name: 'Import from CTFd' }).waitFor();
      await phone.getByTestId('import-ctfd-file').setInputFiles(ctfdExport);
      const report = phone.getByRole('dialog');
      await report.getByRole('link', { name: 'A Welcome aboard' }).waitFor();
      await shot(phone, 'report-phone');
      const box = await report.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(390);
      expect(
        await phone.evaluate<number>('document.documentElement.scrollWidth'),
      ).toBeLessThanOrEqual(390);
      const found = blocking(await runAxe(phone));
      expect(found, describeViolations('CTFd report on a phone', found).join('\n')).toEqual([]);
      await report.getByRole('button', { name: 'Open the game' }).click();
      await phone.waitForURL(/\/admin\/games\/\d+\/info$/);
    } finally {
      await context.close();
    }
  });

  it('met no page error on the way', () => {
    expect(pages.errors).toEqual([]);
  });
});
