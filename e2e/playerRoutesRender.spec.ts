// Every player route renders real data in the light and the dark colour scheme, on a laptop
// (1280×800) and a phone (375×812): no console errors, no raw translation keys, nothing wider than
// the phone's screen, and no serious or critical axe-core violation on any page (the account pages
// and the monitor's included). Each view is
// screenshotted for a person to look at: test-results/screenshots/player-<route>-<scheme>-<device>.png.
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
import { overflowingElements, rawTranslationKeys, waitUntilLoaded } from './support/pageChecks.js';
import {
  publishNotice,
  publishPost,
  seedRunningGame,
  submitFlag,
  type SeededGame,
} from './support/seed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

type Visitor = 'anonymous' | 'player' | 'admin';
interface PlayerRoute {
  name: string;
  path: string;
  visitor: Visitor;
  /** Text that shows the page rendered its data. */
  expect: string | RegExp;
  /** Milliseconds to let animations end before the screenshot (the score chart draws itself). */
  settle?: number;
  /** Screenshot the viewport only (a full-screen dialog over a longer page). */
  viewportOnly?: boolean;
}

const schemes = ['light', 'dark'] as const;
const devices = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;

// the longest user name allowed (15): the top bar must still fit a phone
const player = {
  userName: 'margarethamilto',
  email: 'margaret@example.com',
  password: 'Hamilton1969',
};
const teamName = 'Apollo Guidance';
const rival = { userName: 'katherine', email: 'katherine@example.com', password: 'Johnson1918' };
const postTitle = 'Spring Open starts soon';

function routesOf(game: SeededGame, postId: string, teamId: number): PlayerRoute[] {
  const g = `/games/${game.id}`;
  return [
    { name: 'home', path: '/', visitor: 'player', expect: postTitle },
    { name: 'about', path: '/about', visitor: 'player', expect: 'The platform' },
    { name: 'teams', path: '/teams', visitor: 'player', expect: teamName },
    // a team's public page, as anyone opens it from the scoreboard
    { name: 'team', path: `/teams/${teamId}`, visitor: 'anonymous', expect: game.title },
    { name: 'games', path: '/games', visitor: 'player', expect: game.title },
    { name: 'game', path: g, visitor: 'player', expect: 'You are in' },
    {
      name: 'challenges',
      path: `${g}/challenges`,
      visitor: 'player',
      expect: 'took first blood',
    },
    {
      name: 'challenge-dialog',
      path: `${g}/challenges?challenge=${game.challenge.id}`,
      visitor: 'player',
      expect: game.challenge.handoutName,
      viewportOnly: true,
    },
    {
      name: 'scoreboard',
      path: `${g}/scoreboard`,
      visitor: 'player',
      expect: teamName,
      settle: 1_500,
    },
    { name: 'monitor-events', path: `${g}/monitor/events`, visitor: 'admin', expect: teamName },
    {
      name: 'monitor-submissions',
      path: `${g}/monitor/submissions`,
      visitor: 'admin',
      expect: game.challenge.flag,
    },
    { name: 'monitor-cheatinfo', path: `${g}/monitor/cheatinfo`, visitor: 'admin', expect: /./ },
    { name: 'monitor-traffic', path: `${g}/monitor/traffic`, visitor: 'admin', expect: /./ },
    {
      name: 'monitor-hints',
      path: `${g}/monitor/hints`,
      visitor: 'admin',
      expect: 'No hint unlocked yet',
    },
    { name: 'posts', path: '/posts', visitor: 'player', expect: postTitle },
    { name: 'post', path: `/posts/${postId}`, visitor: 'player', expect: 'Bring your team' },
    { name: 'post-edit', path: `/posts/${postId}/edit`, visitor: 'admin', expect: 'Edit post' },
    { name: 'login', path: '/account/login', visitor: 'anonymous', expect: 'Sign in' },
    { name: 'register', path: '/account/register', visitor: 'anonymous', expect: 'Register' },
    {
      name: 'recovery',
      path: '/account/recovery',
      visitor: 'anonymous',
      expect: 'Forgot your password?',
    },
    // the mail links' pages: a reset link's form, and a link that lost its token
    {
      name: 'reset',
      path: '/account/reset?token=from-the-mail&email=margaret%40example.com',
      visitor: 'anonymous',
      expect: 'Choose a new password',
    },
    { name: 'verify', path: '/account/verify', visitor: 'anonymous', expect: 'link is incomplete' },
    { name: 'confirm', path: '/account/confirm', visitor: 'player', expect: 'link is incomplete' },
    { name: 'profile', path: '/account/profile', visitor: 'player', expect: 'Your profile' },
    { name: 'not-found', path: '/no/such/page', visitor: 'player', expect: 'Page not found' },
  ];
}

describe(
  'player routes in both colour schemes, on a laptop and a phone',
  skipUnless(enabled, noChromium),
  () => {
    let server: RunningServer;
    let browser: Browser;
    let game: SeededGame;
    let routes: PlayerRoute[] = [];
    const sessions = {} as Record<Exclude<Visitor, 'anonymous'>, ApiSession>;
    const pages = watchPages();
    const problems = { axe: [] as string[], keys: [] as string[], overflow: [] as string[] };
    const stillLoading: string[] = [];

    beforeAll(async () => {
      await mkdir(screenshots, { recursive: true });
      server = await startServer();
      sessions.admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
      game = await seedRunningGame(sessions.admin);
      await publishNotice(
        sessions.admin,
        game.id,
        'The **Cookie Jar** handout was updated: download it again.',
      );
      const postId = await publishPost(sessions.admin, {
        title: postTitle,
        summary: 'Registration is open: form a team and join **Spring Open**.',
        content: '## Bring your team\n\nTeams of up to four. The games start on Saturday.',
        tags: ['announcement'],
      });

      sessions.player = await registerThroughApi(server.url, player);
      const { teamId } = await registerTeamInGame(sessions.player, game.id, { name: teamName });
      expect(await submitFlag(sessions.player, game.id, game.challenge.id, 'flag{nope}')).toBe(
        'WrongAnswer',
      );
      expect(
        await submitFlag(sessions.player, game.id, game.challenge.id, game.challenge.flag),
      ).toBe('Accepted');
      const rivalApi = await registerThroughApi(server.url, rival);
      await registerTeamInGame(rivalApi, game.id, { name: 'Hidden Figures' });
      await rivalApi.dispose();

      routes = routesOf(game, postId, teamId);
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await Promise.all(Object.values(sessions).map((session) => session?.dispose()));
      await browser?.close();
      await server?.stop();
    });

    async function contextFor(
      visitor: Visitor,
      scheme: (typeof schemes)[number],
      viewport: { width: number; height: number },
    ): Promise<BrowserContext> {
      const storageState =
        visitor === 'anonymous' ? undefined : await sessions[visitor].context.storageState();
      const context = await browser.newContext({
        viewport,
        colorScheme: scheme,
        timezoneId: 'UTC',
        locale: 'en-US',
        storageState,
      });
      // the site's own colour-scheme choice (its default is dark) follows the system here
      await context.addInitScript({ content: "localStorage.setItem('colorScheme', 'auto')" });
      return context;
    }

    async function visit(page: Page, route: PlayerRoute, view: string) {
      await page.goto(`${server.url}${route.path}`);
      const ready = page.getByText(route.expect).first();
      await ready.waitFor({ timeout: 15_000 });
      if (!(await waitUntilLoaded(page))) stillLoading.push(`${route.name} (${view})`);
      if (route.settle) await page.waitForTimeout(route.settle);
      await page.screenshot({
        path: join(screenshots, `player-${route.name}-${view}.png`),
        fullPage: !route.viewportOnly,
      });
      const keys = await rawTranslationKeys(page);
      if (keys.length > 0) problems.keys.push(`${route.path} (${view}): ${keys.join(', ')}`);
      if (view.endsWith('phone')) {
        const wide = await overflowingElements(page);
        if (wide.length > 0)
          problems.overflow.push(`${route.path} (${view}):\n  ${wide.join('\n  ')}`);
        if (route.name === 'scoreboard') {
          // the board's last column is in view, with the longest team name and its "Your team"
          const solved = await page.getByRole('columnheader', { name: 'Solved' }).boundingBox();
          if (!solved || solved.x + solved.width > devices.phone.width)
            problems.overflow.push(`${route.path} (${view}): the Solved column is cut off`);
        }
      }
      const found = blocking(await runAxe(page));
      problems.axe.push(...describeViolations(`${route.path} (${view})`, found));
    }

    for (const scheme of schemes) {
      for (const [device, viewport] of Object.entries(devices)) {
        const view = `${scheme}-${device}`;
        it(`renders every route (${view})`, { timeout: 600_000 }, async () => {
          const contexts = new Map<Visitor, BrowserContext>();
          try {
            for (const route of routes) {
              if (!contexts.has(route.visitor)) {
                contexts.set(route.visitor, await contextFor(route.visitor, scheme, viewport));
              }
              const page = await contexts.get(route.visitor)!.newPage();
              pages.watch(page);
              try {
                await visit(page, route, view);
              } finally {
                await page.close();
              }
            }
          } finally {
            await Promise.all([...contexts.values()].map((context) => context.close()));
          }
        });
      }
    }

    it('has no serious or critical accessibility violation on any page', () => {
      expect(problems.axe, problems.axe.join('\n')).toEqual([]);
    });

    it('shows no translation key in place of a text', () => {
      expect(problems.keys).toEqual([]);
    });

    it('keeps every page within a 375 px wide screen', () => {
      expect(problems.overflow, problems.overflow.join('\n')).toEqual([]);
    });

    it('finished loading every page (no skeleton left)', () => {
      expect(stillLoading).toEqual([]);
    });

    it('logged no errors; the only failed requests were signed-out profile checks', () => {
      expect(pages.errors, pages.failedRequests.join('\n')).toEqual([]);
      expect(pages.failedResponses.filter((r) => r !== '401 /api/account/profile')).toEqual([]);
    });
  },
);
