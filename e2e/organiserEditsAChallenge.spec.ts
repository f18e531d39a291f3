// An organiser edits challenges in the console, on a desktop (1280) and on a phone (375): follows
// "Add a flag" with an unsaved change and is asked first (and stays when saying no), saves and
// finds SAVE disabled until the next change, tries to enable a dynamic container without an image
// and is told why not, reads the challenge list without cells running into each other, and finds
// no blank band above the users search. axe: 0 critical/serious on the challenge pages.
// Screenshots: test-results/screenshots/edits-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, createGame } from '../server/test/support/competition.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { overflowingElements, waitUntilLoaded } from './support/pageChecks.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

// In-page types (e2e code compiles without the DOM library).
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface InPageElement {
  getBoundingClientRect(): Box;
  querySelectorAll(selector: string): Iterable<InPageElement>;
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
}
declare const document: { querySelectorAll(selector: string): Iterable<InPageElement> };

/**
 * In each challenge row (a table row on a desktop, a stacked item on a phone): the pieces whose
 * boxes overlap, and the cells whose text runs out of them, as readable lines.
 */
function crowdedChallengeRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overlap = (a: Box, b: Box) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    for (const row of document.querySelectorAll('section tbody tr')) {
      for (const cell of row.querySelectorAll('td')) {
        if (cell.scrollWidth > cell.clientWidth + 1) {
          problems.push(`cell "${cell.textContent}" overflows its column`);
        }
      }
    }
    for (const item of document.querySelectorAll('[data-testid="challenge-item"]')) {
      const parts = [
        ...item.querySelectorAll('a, .MuiSwitch-root, .MuiTypography-body2 > span'),
      ].map((element) => ({
        text: element.textContent ?? '',
        box: element.getBoundingClientRect(),
      }));
      parts.forEach((a, i) =>
        parts.slice(i + 1).forEach((b) => {
          if (overlap(a.box, b.box)) problems.push(`"${a.text}" overlaps "${b.text}"`);
        }),
      );
    }
    return problems;
  });
}

describe('an organiser edits challenges', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let gameId = 0;
  const ids = { noFlag: 0, imageless: 0 };

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer();
    const game = await createGame(server.app, { title: 'Autumn Open' });
    gameId = game.id;
    await createChallenge(server.app, gameId, {
      title: 'A challenge whose title is long enough to need two lines on a phone',
      category: 'Web',
      originalScore: 500,
    });
    await createChallenge(server.app, gameId, { title: 'Cookie Jar', category: 'Web' });
    ids.noFlag = (
      await createChallenge(server.app, gameId, {
        title: 'Warm-up',
        category: 'Misc',
        isEnabled: false,
        flags: [],
      })
    ).id;
    ids.imageless = (
      await createChallenge(server.app, gameId, {
        title: 'Per-team shell',
        category: 'Pwn',
        type: 'DynamicContainer',
        flagTemplate: 'flag{[TEAM_HASH]_shell}',
        isEnabled: false,
      })
    ).id;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each(widths)('on a $name', ({ name, viewport }) => {
    let page: Page;
    const errors: string[] = [];
    const shot = (what: string) =>
      page.screenshot({
        path: join(screenshots, `edits-${name}-${what}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    const challengePath = (id: number) => `${server.url}/admin/games/${gameId}/challenges/${id}`;
    const expectAccessible = async (where: string) => {
      await waitUntilLoaded(page);
      const violations = blocking(await runAxe(page));
      expect(describeViolations(`${where} (${name})`, violations)).toEqual([]);
    };

    beforeAll(async () => {
      const context = await browser.newContext({ viewport, timezoneId: 'UTC' });
      page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(challengePath(ids.noFlag));
      await page.waitForURL(/\/account\/login/);
      await signInThroughPage(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL(/\/challenges\/\d+$/);
    });

    afterAll(async () => {
      await page?.context().close();
    });

    it('asks before following "Add a flag" with an unsaved change, and stays when told to', async () => {
      const title = page.locator('input[name="title"]');
      await expect.poll(() => title.inputValue()).toMatch(/^Warm-up/);
      await title.fill(`Warm-up (${name})`);
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('link', { name: 'Add a flag' }).click();
      await expect
        .poll(() => asked)
        .toEqual(["Some of your changes weren't saved. Are you sure you want to ignore them?"]);
      expect(page.url()).toBe(challengePath(ids.noFlag));
      expect(await title.inputValue()).toBe(`Warm-up (${name})`);
      await expectAccessible('challenge edit');
    });

    it('saves, then SAVE stays disabled until the next change, and leaving asks nothing', async () => {
      const save = page.getByRole('button', { name: 'Save' });
      await save.click();
      await expect.poll(() => save.isDisabled()).toBe(true);
      const stored = await page.request.get(
        `${server.url}/api/edit/games/${gameId}/challenges/${ids.noFlag}`,
      );
      expect((await stored.json()).title).toBe(`Warm-up (${name})`);

      await page.locator('textarea[name="content"]').fill(`Say hello (${name}).`);
      await expect.poll(() => save.isEnabled()).toBe(true);
      // on a phone the saved toast covers the bottom toolbar until it goes (a pointer resting
      // on it keeps it: the pointer moves off first)
      await page.mouse.move(0, 0);
      await page.locator('.MuiSnackbar-root').waitFor({ state: 'detached' });
      await save.click();
      await expect.poll(() => save.isDisabled()).toBe(true);
      await shot('saved');

      let asked = false;
      page.once('dialog', (dialog) => {
        asked = true;
        void dialog.dismiss();
      });
      await page.getByRole('link', { name: 'Add a flag' }).click();
      await page.waitForURL(/\/flags$/);
      expect(asked).toBe(false);
    });

    it('is told a dynamic container cannot be enabled without an image', async () => {
      await page.goto(challengePath(ids.imageless));
      await page.getByRole('switch', { name: 'Enabled' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByText('This container challenge cannot be enabled without a container image')
        .first()
        .waitFor();
      await shot('imageless');
      const stored = await page.request.get(
        `${server.url}/api/edit/games/${gameId}/challenges/${ids.imageless}`,
      );
      expect((await stored.json()).isEnabled).toBe(false);
      await expectAccessible('container challenge edit');
      // back as it was: nothing unsaved, so the next page opens without a question
      await page.getByRole('switch', { name: 'Enabled' }).uncheck();
    });

    it('reads the challenge list without cells running into each other', async () => {
      await page.goto(`${server.url}/admin/games/${gameId}/challenges`);
      await page.getByRole('link', { name: 'Cookie Jar' }).waitFor();
      await waitUntilLoaded(page);
      await shot('challenge-list');
      expect(await crowdedChallengeRows(page)).toEqual([]);
      expect(await overflowingElements(page)).toEqual([]);
      if (name === 'phone') {
        expect(await page.locator('section table').count()).toBe(0);
      }
      await expectAccessible('challenge list');
    });

    it('finds the users search right under the page top, without a blank band', async () => {
      await page.goto(`${server.url}/admin/users`);
      const search = page.getByRole('textbox', { name: 'Search' });
      await search.waitFor();
      await page.getByText('admin').first().waitFor();
      await shot('users');
      const toolbar = await page
        .locator('.RaList-actions, .RaListToolbar-root')
        .first()
        .boundingBox();
      const box = await search.boundingBox();
      expect(toolbar && box).toBeTruthy();
      // the search box is the toolbar's first line: at most its own margin below the toolbar's top
      expect(box!.y - toolbar!.y).toBeLessThanOrEqual(16);
      expect(errors).toEqual([]);
    });
  });
});
