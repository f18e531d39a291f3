// The journeys' guard against net::ERR_NETWORK_CHANGED (support/settledNetwork.ts): Chromium
// fails the requests waiting for a connection when the machine's interfaces change, and a
// container keeps changing them for about a second after the engine has started it. A page that
// loads more requests than Chromium opens connections to one host (six), as the console's first
// view does with its chunks, loses the waiting ones in that second. Once the network has settled,
// it loses none. (Without the wait, this test lost six of twelve requests in every run on the
// machine it was written on.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Docker from 'dockerode';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipUnless } from '../server/test/support/skipReason.js';
import { launchBrowser, noChromium, requireChromium } from './support/browser.js';
import { echoImageIfDocker } from './support/docker.js';
import { pendingNetworkChanges, settledNetwork } from './support/settledNetwork.js';

const browserReady = requireChromium();
const image = browserReady ? await echoImageIfDocker() : null;

if (browserReady && !image && process.env.CI) {
  describe('pages load whole after a container starts [docker]', () => {
    it('has a Docker engine', () => {
      throw new Error('This guard is tested on a Docker engine in CI (DOCKER_HOST)');
    });
  });
}

const why = browserReady ? 'Network settling: no Docker engine; set DOCKER_HOST' : noChromium;

/** More than the six connections Chromium opens to one host, so that some wait in its pool. */
const REQUESTS = 12;

describe('pages load whole after a container starts', skipUnless(Boolean(image), why), () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const failed: string[] = [];
  // Answers held until the test lets them go: the requests beyond six wait for a connection.
  const held: Array<() => void> = [];
  let holding = true;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (!request.url?.startsWith('/held')) return response.end('<!doctype html><title>t</title>');
      if (holding) held.push(() => response.end('ok'));
      else response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on('requestfailed', (request) => failed.push(request.failure()?.errorText ?? 'unknown'));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('loses no request of a page opened once the started container has settled', async () => {
    const docker = new Docker(); // DOCKER_HOST, as the engine suites use it
    const container = await docker.createContainer({
      Image: image!,
      Labels: { 'vexil.test': 'settle' },
    });
    try {
      await container.start();
      await settledNetwork();
      expect(await pendingNetworkChanges()).toEqual([]);
      const answers = page.evaluate(
        (count) =>
          Promise.all(
            Array.from({ length: count }, (_, i) =>
              fetch(`/held?${i}`).then(
                (response) => response.text(),
                (error: Error) => error.message,
              ),
            ),
          ),
        REQUESTS,
      );
      // Six requests held on their connections, six waiting in Chromium's pool: the moment a
      // change of the interfaces fails. Without the wait above, the container's change came now.
      await expect.poll(() => held.length).toBe(6);
      await settledNetwork();
      holding = false;
      for (const answer of held.splice(0)) answer();
      expect(await answers).toEqual(Array(REQUESTS).fill('ok'));
      expect(failed).toEqual([]);
    } finally {
      await container.remove({ force: true });
      await settledNetwork();
    }
  });
});
