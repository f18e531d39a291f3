// What a person would notice at a glance on a rendered page: still loading, untranslated keys,
// content wider than a phone's screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const translation = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '..', '..', 'locales', 'en-US', 'translation.json'),
    'utf8',
  ),
) as Record<string, unknown>;

// The page's globals the in-page functions below use (e2e code compiles without the DOM library).
interface InPageElement {
  id: string;
  tagName: string;
  classList: Iterable<string>;
  textContent: string | null;
  parentElement: InPageElement | null;
  getBoundingClientRect(): { width: number; right: number };
  contains(other: InPageElement): boolean;
}
declare const document: {
  documentElement: InPageElement & { clientWidth: number };
  body: InPageElement & { innerText: string; querySelectorAll(s: string): Iterable<InPageElement> };
  querySelectorAll(selector: string): { length: number };
  fonts: { status: string };
};
declare function getComputedStyle(element: InPageElement): { overflowX: string };

/**
 * An i18n key shown as text: a top-level block of the translation file followed by dotted
 * segments ("games.join.button"). A missing key is what i18next shows in its place.
 */
const RAW_KEY = new RegExp(
  `\\b(?:${Object.keys(translation).join('|')})(?:\\.[A-Za-z0-9_]+)+\\b`,
  'g',
);

/**
 * Waits until no skeleton, spinner or `aria-busy` region is left and the fonts are in (at most
 * `timeout` ms); false if something still loads.
 */
export async function waitUntilLoaded(page: Page, timeout = 10_000): Promise<boolean> {
  try {
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[aria-busy="true"], .MuiSkeleton-root, [role="progressbar"]')
          .length === 0 && document.fonts.status === 'loaded',
      undefined,
      { timeout, polling: 100 },
    );
    return true;
  } catch {
    return false;
  }
}

/** Translation keys shown as text in the page. */
export async function rawTranslationKeys(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return [...new Set(text.match(RAW_KEY) ?? [])];
}

/**
 * Elements sticking out past the right edge of the viewport without a scrolling ancestor to
 * hold them (a table that scrolls in its own box is fine), as short CSS-like descriptions.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: InPageElement) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (
          overflowX !== 'visible' &&
          parent !== document.body &&
          parent !== document.documentElement
        )
          return true;
      }
      return false;
    };
    const describe = (element: InPageElement) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .filter((name) => !name.startsWith('css-'))
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      const right = Math.round(element.getBoundingClientRect().right);
      return `${element.tagName.toLowerCase()}${id}${classes} (right edge ${right}px) "${text}"`;
    };
    const sticking = [...document.body.querySelectorAll('*')].filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.right > width + 1 && !clipped(element);
    });
    // report the outermost offenders only
    return sticking
      .filter((element) => !sticking.some((other) => other !== element && other.contains(element)))
      .slice(0, 5)
      .map(describe);
  });
}
