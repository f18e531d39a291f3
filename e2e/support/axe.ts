// Accessibility checks with axe-core inside the page under test. Journeys fail on `serious` and
// `critical` violations; the report names the rule, what is wrong and where.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: AxeImpact | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
}

const BLOCKING: readonly AxeImpact[] = ['serious', 'critical'];

// The page's globals the in-page functions below use (e2e code compiles without the DOM library).
declare const window: { axe?: typeof axe };
declare const document: Parameters<typeof axe.run>[0];

/** What the in-page wait below reads of the Web Animations API (CSS transitions included). */
interface RunningAnimation {
  finished: Promise<unknown>;
  effect: { getTiming(): { iterations?: number } } | null;
}

/**
 * Runs axe-core's WCAG 2.x A/AA rules and best practices on the page as it is now, once its
 * transitions have ended: a colour caught between two states (a button fading from disabled to
 * enabled, or into its hover colour) is neither, and fails contrast checks it does not deserve.
 * Endless animations (spinners, skeletons) are not waited for.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(async () => {
    const running = (
      globalThis as unknown as { document: { getAnimations(): RunningAnimation[] } }
    ).document.getAnimations();
    const ending = running.filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated through the debugging protocol: the site's Content-Security-Policy (rightly)
    // refuses an inline <script>, and the test must not weaken it.
    await page.evaluate(axe.source);
  }
  return page.evaluate(async () => {
    const { violations } = await window.axe!.run(document, {
      resultTypes: ['violations'],
    });
    return violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      helpUrl,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
  });
}

/** The violations a journey must not have. */
export const blocking = (violations: AxeViolation[]) =>
  violations.filter((violation) => violation.impact && BLOCKING.includes(violation.impact));

/** One readable paragraph per violation: rule, impact, help, then each element and its fix. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => {
        const summary = node.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? '';
        const html = node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html;
        return `    at ${node.target.join(' ')} ${html}\n      ${summary}`;
      })
      .join('\n');
    const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
    return `${where}: [${violation.impact}] ${violation.id} — ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
  });
}
