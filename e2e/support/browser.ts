// Debian's Chromium driven by playwright-core (no browser download). Without Chromium the journeys
// skip on a laptop (the run's summary says why) and fail loudly in CI.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { settledNetwork } from './settledNetwork.js';

export const chromiumPath = process.env.VEXIL_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

/** Why the journeys skip without Chromium (the run's summary prints it once). */
export const noChromium = `Browser journeys: no Chromium at ${chromiumPath} (apt-get install chromium)`;

export function requireChromium(): boolean {
  if (hasChromium) return true;
  if (process.env.CI) throw new Error(`Chromium is required in CI (looked for ${chromiumPath})`);
  return false;
}

/** Chromium, once the machine's interfaces have settled (settledNetwork.ts says why). */
export async function launchBrowser(): Promise<Browser> {
  await settledNetwork();
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
