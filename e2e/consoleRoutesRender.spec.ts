// Every console route renders a game in full swing for an organiser on a laptop (1280×800) and a
// phone (375×812), also when the path is typed in another letter case: each page has its data, one
// main heading (h1), no serious or critical axe-core violation, and no console error. Each view is
// screenshotted so a person can look at it (test-results/screenshots/console-<route>-<device>.png).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApi, type ApiSession } from './support/api.js';
import { blocking, describeViolations, runAxe } from './support/axe.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { seedGameInFullSwing, type ConsoleSeed } from './support/consoleSeed.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { watchPages } from './support/watch.js';
import { skipUnless } from '../server/test/support/skipReason.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const enabled = requireChromium();

const devices = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;

interface ConsoleRoute {
  name: string;
  path: string;
  /** What shows that the route rendered its data. */
  shows: (page: Page) => Locator;
}

/** Records the console reads by id, looked up through the API (the seed names them). */
interface Ids {
  userId: string;
  teamId: number;
  postId: string;
}

const text = (value: string) => (page: Page) =>
  page.getByText(value, { exact: false }).filter({ visible: true }).first();
const textbox = (name: string) => (page: Page) =>
  page.getByRole('textbox', { name, exact: true }).first();

function routesOf(seed: ConsoleSeed, ids: Ids): ConsoleRoute[] {
  const game = `/admin/games/${seed.gameId}`;
  const challenge = `${game}/challenges/${seed.staticChallenge.id}`;
  const review = (page: Page) =>
    page.getByRole('region', { name: 'Accepted' }).getByText(seed.acceptedTeam);
  return [
    {
      name: 'home',
      path: '/admin',
      shows: (page) => page.getByTestId(`home-game-${seed.gameId}`),
    },
    { name: 'users', path: '/admin/users', shows: text('linus') },
    { name: 'users-case', path: '/admin/Users', shows: text('linus') },
    { name: 'user-edit', path: `/admin/users/${ids.userId}`, shows: textbox('User name') },
    { name: 'user-create', path: '/admin/users/create', shows: textbox('User name') },
    { name: 'teams', path: '/admin/teams', shows: text(seed.pendingTeam) },
    { name: 'team-edit', path: `/admin/teams/${ids.teamId}`, shows: textbox('Name') },
    {
      name: 'instances',
      path: '/admin/instances',
      shows: text(seed.containerRunning ? seed.acceptedTeam : 'No challenge container is running'),
    },
    { name: 'logs', path: '/admin/logs', shows: text('signed in') },
    { name: 'settings', path: '/admin/settings', shows: textbox('Platform name') },
    { name: 'games', path: '/admin/games', shows: text(seed.gameTitle) },
    { name: 'game-create', path: '/admin/games/create', shows: textbox('Title') },
    { name: 'game-edit', path: game, shows: textbox('Title') },
    {
      name: 'game-info',
      path: `${game}/info`,
      shows: (page) => page.getByRole('tab', { name: 'Info', selected: true }),
    },
    { name: 'notices', path: `${game}/notices`, shows: text(seed.notice) },
    { name: 'awards', path: `${game}/awards`, shows: text('No awards yet.') },
    {
      name: 'review',
      path: `${game}/review`,
      shows: (page) => page.getByRole('region', { name: 'Pending' }).getByText(seed.pendingTeam),
    },
    { name: 'review-case', path: `/admin/Games/${seed.gameId}/Review`, shows: review },
    { name: 'writeups', path: `${game}/writeups`, shows: text(seed.acceptedTeam) },
    { name: 'challenges', path: `${game}/challenges`, shows: text(seed.staticChallenge.title) },
    { name: 'challenge-create', path: `${game}/challenges/create`, shows: textbox('Title') },
    { name: 'challenge-edit', path: challenge, shows: textbox('Title') },
    { name: 'flags', path: `${challenge}/flags`, shows: text(seed.staticChallenge.flags[1]) },
    {
      name: 'flags-case',
      path: `/ADMIN/games/${seed.gameId}/Challenges/${seed.staticChallenge.id}/Flags`,
      shows: text(seed.staticChallenge.flags[0]),
    },
    {
      name: 'flag-template',
      path: `${game}/challenges/${seed.templateChallenge.id}/flags`,
      shows: text(seed.templateChallenge.flagTemplate),
    },
    { name: 'posts', path: '/admin/posts', shows: text(seed.postTitle) },
    { name: 'post-edit', path: `/admin/posts/${ids.postId}`, shows: textbox('Title') },
    { name: 'post-create', path: '/admin/posts/create', shows: textbox('Title') },
    { name: 'webhooks', path: '/admin/webhooks', shows: text(seed.webhook.name) },
    { name: 'webhook-create', path: '/admin/webhooks/create', shows: textbox('Name') },
    { name: 'webhook-edit', path: `/admin/webhooks/${seed.webhook.id}`, shows: textbox('Name') },
    {
      name: 'webhook-show',
      path: `/admin/webhooks/${seed.webhook.id}/show`,
      shows: text('Nothing sent yet'),
    },
  ];
}

// The page's globals the in-page function below uses (e2e code compiles without the DOM library).
interface InPageElement {
  scrollWidth: number;
  clientWidth: number;
  querySelectorAll(selector: string): Iterable<InPageElement>;
}
declare function getComputedStyle(element: InPageElement): {
  textOverflow: string;
  display: string;
};

/** Whether a heading too long for its line shows an ellipsis (its text inline, not in blocks). */
function endsInEllipsisWhenCut(heading: unknown): boolean {
  const element = heading as InPageElement;
  if (element.scrollWidth <= element.clientWidth) return true;
  return (
    getComputedStyle(element).textOverflow === 'ellipsis' &&
    [...element.querySelectorAll('*')].every(
      (child) => getComputedStyle(child).display === 'inline',
    )
  );
}

async function idsOf(organiser: ApiSession, seed: ConsoleSeed): Promise<Ids> {
  const users = (await (await organiser.get('/api/admin/users?count=100')).json()) as {
    data: { id: string; userName: string }[];
  };
  const teams = (await (await organiser.get('/api/admin/teams?count=100')).json()) as {
    data: { id: number; name: string }[];
  };
  const posts = (await (await organiser.get('/api/posts')).json()) as {
    id: string;
    title: string;
  }[];
  return {
    userId: users.data.find((user) => user.userName === 'linus')!.id,
    teamId: teams.data.find((team) => team.name === seed.acceptedTeam)!.id,
    postId: posts.find((post) => post.title === seed.postTitle)!.id,
  };
}

describe('console routes on a laptop and a phone', skipUnless(enabled, noChromium), () => {
  let server: RunningServer;
  let browser: Browser;
  let organiser: ApiSession;
  let seed: ConsoleSeed;
  let routes: ConsoleRoute[] = [];
  const pages = watchPages();
  const problems = { axe: [] as string[], headings: [] as string[], appBar: [] as string[] };

  beforeAll(async () => {
    await mkdir(screenshots, { recursive: true });
    server = await startServer({ DOCKER_HOST: process.env.DOCKER_HOST ?? '' });
    seed = await seedGameInFullSwing(server);
    organiser = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    routes = routesOf(seed, await idsOf(organiser, seed));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await seed?.cleanUp();
    await organiser?.dispose();
    await browser?.close();
    await server?.stop();
  });

  async function visit(page: Page, route: ConsoleRoute, device: string) {
    await page.goto(`${server.url}${route.path}`);
    await route.shows(page).waitFor({ timeout: 15_000 });
    // skeletons and fading notifications settle before the picture
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await page.screenshot({
      path: join(screenshots, `console-${route.name}-${device}.png`),
      fullPage: true,
      animations: 'disabled',
    });
    const mainHeadings = await page.getByRole('heading', { level: 1 }).allInnerTexts();
    if (mainHeadings.length !== 1 || !mainHeadings[0].trim())
      problems.headings.push(`${route.path} (${device}): ${JSON.stringify(mainHeadings)}`);
    problems.axe.push(
      ...describeViolations(`${route.path} (${device})`, blocking(await runAxe(page))),
    );
    if (device === 'phone') {
      // the title ends before the language button, and a long one ends in an ellipsis
      const h1 = page.getByRole('heading', { level: 1 }).first();
      const title = await h1.boundingBox();
      const language = await page.getByRole('button', { name: 'English' }).boundingBox();
      if (!title || !language || title.x + title.width > language.x)
        problems.appBar.push(`${route.path}: the title runs into the language button`);
      if (!(await h1.evaluate(endsInEllipsisWhenCut)))
        problems.appBar.push(`${route.path}: the title is cut without an ellipsis`);
    }
  }

  for (const [device, viewport] of Object.entries(devices)) {
    it(`renders each route with its data (${device})`, { timeout: 600_000 }, async () => {
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext({
          viewport,
          timezoneId: 'UTC',
          locale: 'en-US',
          storageState: await organiser.context.storageState(),
        });
        const page = await context.newPage();
        pages.watch(page);
        for (const route of routes) await visit(page, route, device);
      } finally {
        await context?.close();
      }
    });
  }

  it('gives every page one main heading', () => {
    expect(problems.headings, problems.headings.join('\n')).toEqual([]);
  });

  it('keeps the page title clear of the app bar buttons on a phone', () => {
    expect(problems.appBar, problems.appBar.join('\n')).toEqual([]);
  });

  it('has no serious or critical accessibility violation', () => {
    expect(problems.axe, problems.axe.join('\n')).toEqual([]);
  });

  it('logged no errors; the only failed requests were signed-out profile checks', () => {
    expect(pages.errors, pages.failedRequests.join('\n')).toEqual([]);
    expect(pages.failedResponses.filter((r) => r !== '401 /api/account/profile')).toEqual([]);
  });
});
