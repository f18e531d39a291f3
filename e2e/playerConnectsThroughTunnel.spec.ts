// A player reaches a challenge container through the local tunnel. The organiser (admin API) puts
// containers behind the platform proxy and publishes an echo-service challenge; the player starts
// the team's instance on the challenges page, finds no daemon at the default address, points the
// tunnel settings at the daemon running on this computer (in-process, on a free port), accepts the
// site on the daemon's console as a person would (typing "y" at its prompt) and gets a local
// 127.0.0.1 port. A TCP client there receives the service's banner (the team's flag and id) over
// daemon → WebSocket proxy → container. Stopping the instance removes the container from the
// engine and the daemon drops the tunnel; the flag read through it then solves the challenge
// (solving last: the page stops a solved challenge's instance by itself). Needs a Docker engine
// (DOCKER_HOST): skipped without one, failing in CI. Screenshots: test-results/screenshots/tunnel-*.png.
import { mkdir } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerEngine } from '../server/test/support/docker.js';
import { startDaemon, type RunningDaemon } from '../tunnel/daemon.js';
import { promptForConsent } from '../tunnel/prompt.js';
import {
  registerTeamInGame,
  registerThroughApi,
  signInThroughApi,
  type ApiSession,
} from './support/api.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { skipUnless } from '../server/test/support/skipReason.js';
import { ECHO_PORT, echoImageIfDocker } from './support/docker.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.js';
import { signInThroughPage, watchPages } from './support/watch.js';

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const browserReady = requireChromium();
const image = browserReady ? await echoImageIfDocker() : null;

const MINUTE = 60_000;
/** The server refuses a second start or stop of an instance within 10 s (429). */
const CONTAINER_GUARD_MS = 10_500;
/** Where the page looks for a daemon until told otherwise. */
const DEFAULT_DAEMON = 'http://127.0.0.1:3307';
const player = {
  userName: `alan${Date.now() % 100000}`,
  email: 'alan@example.com',
  password: 'Turing-1912',
};
const teamName = 'Bombe';
const challengeTitle = 'Echo Chamber';
const siteName = 'Vexil tunnel journey';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Connects to `127.0.0.1:port` and reads `count` lines (the echo service's banner). */
function readBanner(port: number, count: number): Promise<{ socket: Socket; lines: string[] }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(5_000, () => socket.destroy(new Error('no banner within 5 s')));
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const lines = text.split('\n');
      if (lines.length <= count) return;
      socket.off('data', onData);
      socket.setTimeout(0);
      resolve({ socket, lines: lines.slice(0, count) });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`closed after ${JSON.stringify(text)}`)));
  });
}

/** The banner, retrying while the container's service starts (a refused connection is cut). */
async function readBannerWhenUp(port: number) {
  let lastError: unknown;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await readBanner(port, 2);
    } catch (error) {
      lastError = error;
      await sleep(500);
    }
  }
  throw new Error(`The tunnel at port ${port} never carried the banner: ${String(lastError)}`);
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

if (browserReady && !image && process.env.CI) {
  describe('a player connects through the tunnel [docker]', () => {
    it('has a Docker engine', () => {
      throw new Error('The tunnel journey needs a Docker engine in CI (DOCKER_HOST)');
    });
  });
}

const why = browserReady ? 'Tunnel journey: no Docker engine; set DOCKER_HOST' : noChromium;

describe(
  'a player connects to a challenge container through the tunnel',
  skipUnless(Boolean(image), why),
  () => {
    let server: RunningServer;
    let admin: ApiSession;
    let daemon: RunningDaemon;
    let stopPrompt: () => void = () => {};
    const daemonConsole = { input: new PassThrough(), output: new PassThrough(), text: '' };
    const daemonLog: string[] = [];
    let browser: Browser;
    let page: Page;
    const pages = watchPages();
    let gameId = 0;
    let challengeId = 0;
    let teamId = 0;
    /** The container's GUID (the instance's entry) once started. */
    let entry = '';
    let startedAt = 0;
    let localPort = 0;
    let flagFromTunnel = '';

    const shot = (name: string) =>
      page.screenshot({ path: join(screenshots, `tunnel-${name}.png`), fullPage: true });
    const instancePanel = () => page.getByRole('region', { name: 'Instance' });
    const tunnelControl = () => page.getByRole('group', { name: 'Tunnel' });

    beforeAll(async () => {
      await mkdir(screenshots, { recursive: true });
      server = await startServer({ DOCKER_HOST: process.env.DOCKER_HOST ?? '' });
      admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);

      const { containerPolicy } = await (await admin.get('/api/admin/config')).json();
      await admin.call('PUT', '/api/admin/config', {
        data: { containerPolicy: { ...containerPolicy, portMapping: 'PlatformProxy' } },
      });
      const start = Date.now() - 60 * MINUTE;
      const game = await admin.call<{ id: number }>('POST', '/api/edit/games', {
        data: {
          title: 'Tunnel Cup',
          summary: 'Services to reach from your own computer.',
          start,
          end: start + 48 * 60 * MINUTE,
          acceptWithoutReview: true,
        },
      });
      gameId = game.id;
      const base = `/api/edit/games/${gameId}/challenges`;
      const challenge = await admin.call<{ id: number }>('POST', base, {
        data: { title: challengeTitle, category: 'Misc', type: 'DynamicContainer' },
      });
      challengeId = challenge.id;
      await admin.call('PUT', `${base}/${challengeId}`, {
        data: {
          content: 'Connect to your instance: it tells you the flag.',
          flagTemplate: 'flag{tunnel_[TEAM_HASH]}',
          containerImage: image,
          containerExposePort: ECHO_PORT,
          isEnabled: true,
        },
      });

      const playerApi = await registerThroughApi(server.url, player);
      ({ teamId } = await registerTeamInGame(playerApi, gameId, { name: teamName }));
      await playerApi.dispose();

      // The daemon as `npm run tunnel` runs it, with its console prompt on streams the test holds.
      daemon = await startDaemon({
        port: 0,
        probeIntervalMs: 1_000,
        log: (line) => daemonLog.push(line),
      });
      daemonConsole.output.on('data', (chunk: Buffer) => (daemonConsole.text += String(chunk)));
      stopPrompt = promptForConsent(daemon.registry, daemonConsole);

      browser = await launchBrowser();
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        timezoneId: 'UTC',
      });
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
      pages.watch(page);
      // Whatever runs on this machine's default daemon port stays out of the journey: for the page
      // nothing answers there, as on a computer without a daemon.
      await page.route(`${DEFAULT_DAEMON}/**`, (route) => route.abort('connectionrefused'));
    });

    afterAll(async () => {
      stopPrompt();
      await daemon?.close();
      await browser?.close();
      // A failed step may leave the container behind: remove it from the engine.
      const engine = dockerEngine();
      for (const container of entry ? await engine.unitsOf([entry]) : []) {
        await engine.remove(container.id).catch(() => undefined);
      }
      await admin?.dispose();
      await server?.stop();
    });

    it('signs in and starts the team’s instance from the challenge dialog', async () => {
      await page.goto(`${server.url}/account/login`);
      await signInThroughPage(page, player.userName, player.password);
      await page.getByRole('button', { name: `Account menu of ${player.userName}` }).waitFor();
      await page.goto(`${server.url}/games/${gameId}/challenges?challenge=${challengeId}`);
      const dialog = page.getByRole('dialog', { name: challengeTitle });
      await dialog.getByText('it tells you the flag').waitFor();

      const [started] = await Promise.all([
        page.waitForResponse(
          (r) =>
            r.request().method() === 'POST' &&
            r.url().endsWith(`/api/game/${gameId}/container/${challengeId}`),
          { timeout: 60_000 },
        ),
        instancePanel().getByRole('button', { name: 'Start instance' }).click(),
      ]);
      expect(started.status()).toBe(200);
      startedAt = Date.now();
      entry = (await started.json()).entry;
      expect(entry).toMatch(/^[0-9a-f-]{36}$/);

      // With the platform proxy the panel offers the tunnel and the proxy URL, not an address.
      await instancePanel().getByText('Connect through the tunnel').waitFor();
      await instancePanel().getByText(`/api/proxy/${entry}`).waitFor();
      const [container] = await dockerEngine().unitsOf([entry]);
      expect(container.running).toBe(true);
      expect(container.publishedPorts).toEqual([]);
    });

    it('finds no daemon at the default address, even when asked to connect again', async () => {
      const status = tunnelControl().getByRole('status');
      await status.getByText(`No tunnel daemon answers at ${DEFAULT_DAEMON}.`).waitFor();
      await status.getByRole('link', { name: 'Get WebSocket Reflector X' }).waitFor();
      await shot('offline');
      // The first look is quiet; asking again says out loud that nothing answers.
      await status.getByRole('button', { name: 'Connect' }).click();
      await page
        .getByText(`No tunnel daemon answers at ${DEFAULT_DAEMON}. Is it running?`)
        .waitFor();
      await status.getByRole('button', { name: 'Connect' }).waitFor();
    });

    it('points the tunnel settings at the daemon on this computer', async () => {
      await tunnelControl().getByRole('button', { name: 'Tunnel settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Tunnel settings' });
      await settings.getByText('Not connected').waitFor();
      const address = settings.getByRole('textbox', { name: 'Daemon address' });
      expect(await address.inputValue()).toBe(DEFAULT_DAEMON);
      await address.fill(daemon.url);
      await settings.getByRole('textbox', { name: 'Site name' }).fill(siteName);
      await shot('settings');
      await settings.getByRole('button', { name: 'Save' }).click();
      await settings.waitFor({ state: 'hidden' });

      const stored = await page.evaluate(() =>
        (
          globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
        ).localStorage.getItem('tunnelOptions'),
      );
      expect(JSON.parse(stored ?? '{}')).toEqual({
        api: daemon.url,
        name: siteName,
        allowLan: false,
      });
    });

    it('waits for the player’s approval on the daemon’s console', async () => {
      await tunnelControl()
        .getByText(`Allow “${siteName}” in your tunnel daemon to continue.`)
        .waitFor();
      await expect.poll(() => daemonConsole.text).toContain('Allow it? [y/N]');
      expect(daemonConsole.text).toContain(
        `The site ${server.url} ("${siteName}") asks to open tunnels through this daemon.`,
      );
      expect(daemon.registry.get(server.url)).toMatchObject({
        state: 'pending',
        features: ['basic', 'pingfall'],
      });
      await shot('pending');
      daemonConsole.input.write('y\n');
      await expect.poll(() => daemonLog).toContain(`Accepted ${server.url}`);
    });

    it('shows the local address of a tunnel to the instance’s proxy URL', async () => {
      const local = tunnelControl().getByLabel('Local address', { exact: true });
      await expect
        .poll(() => local.textContent(), { timeout: 15_000 })
        .toMatch(/^127\.0\.0\.1:\d+$/);
      const address = (await local.textContent()) ?? '';
      localPort = Number(address.split(':')[1]);
      const host = new URL(server.url).host;
      expect(daemon.pool.list()).toEqual([
        expect.objectContaining({
          local: address,
          remote: `ws://${host}/api/proxy/${entry}`,
          label: `${challengeTitle} @ Tunnel Cup`,
          scope: server.url,
        }),
      ]);
      await shot('connected');
    });

    it('carries the service’s banner from the container to a local TCP client', async () => {
      const { socket, lines } = await readBannerWhenUp(localPort);
      const [flag, team] = lines;
      expect(flag).toMatch(/^flag\{tunnel_\w+\}$/);
      expect(team).toBe(String(teamId));
      flagFromTunnel = flag;
      // The service ends its side after the banner; the proxy has no half-close, so the tunnel
      // closes the player's connection too.
      await new Promise((resolve) =>
        socket.closed ? resolve(null) : socket.once('close', resolve),
      );
    });

    it('stops the instance: the container leaves the engine, the daemon drops the tunnel', async () => {
      // The player could not stop it sooner anyway: the server's guard would answer 429.
      await sleep(Math.max(0, startedAt + CONTAINER_GUARD_MS - Date.now()));
      await instancePanel().getByRole('button', { name: 'Stop' }).click();
      await instancePanel()
        .getByText("Start your team's own instance of this challenge.")
        .waitFor();
      await tunnelControl().waitFor({ state: 'detached' });
      await expect.poll(() => dockerEngine().unitsOf([entry])).toEqual([]);
      // The page asked for "pingfall": the daemon's probe sees the proxy answer 404 and closes.
      await expect.poll(() => daemon.pool.list(), { timeout: 10_000 }).toEqual([]);
      expect(daemonLog).toContain(
        `Tunnel 127.0.0.1:${localPort}: the instance is gone, closing it`,
      );
      expect(await refusesConnections(localPort)).toBe(true);
      await shot('stopped');
    });

    it('solves the challenge with the flag read through the tunnel', async () => {
      const dialog = page.getByRole('dialog', { name: challengeTitle });
      await dialog.getByRole('textbox', { name: 'Flag' }).fill(flagFromTunnel);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Correct! The challenge is solved.').waitFor();
    });

    it('logged no errors; the only refusals were expected ones', () => {
      expect(pages.errors).toEqual([]);
      expect(pages.failedResponses).toEqual([
        // the login page's check whether someone is signed in
        '401 /api/account/profile',
        // the daemon does not know the site before it registers (wsrx: `GET /connect` → 403)
        '403 /connect',
      ]);
    });
  },
);
