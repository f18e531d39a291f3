/**
 * First-view size of the player site (a player's first view stays under 300 KB gzip of JS + CSS and
 * loads none of the console). Starts the built server (e2e/support), opens `/` in Chromium with a
 * fresh profile and the cache off, and records every response until the network is idle: URL,
 * bytes on the wire (`content-length`, else CDP's `encodedDataLength` less the headers) and
 * `content-encoding`. Runs twice: as Chromium asks by default (brotli when offered) and with only
 * gzip accepted. Fails when a console chunk loads or gzip JS + CSS exceeds the budget.
 *
 *   npx tsx bench/firstView.ts            (builds the client first if build/web is missing)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { signInThroughApi } from '../e2e/support/api.js';
import { launchBrowser, requireChromium } from '../e2e/support/browser.js';
import { publishPost, seedRunningGame } from '../e2e/support/seed.js';
import { ADMIN_PASSWORD, startServer } from '../e2e/support/server.js';

const BUDGET_GZIP = 300 * 1024;
const staticDir = join(import.meta.dirname, '..', 'build', 'web', 'static');

interface Loaded {
  path: string;
  kind: 'js' | 'css' | 'other';
  encoding: string;
  bytes: number;
}

/** Static imports of a built chunk (`from"./x.js"`, `import"./x.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(join(staticDir, file), 'utf8');
  return [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]);
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

/**
 * The chunks only the console needs: `Console-*.js` and what it imports statically, less whatever
 * some chunk outside that set also imports (shared libraries such as MUI).
 */
function consoleOnlyChunks(): Set<string> {
  const chunks = readdirSync(staticDir).filter((file) => file.endsWith('.js'));
  const consoleRoots = chunks.filter((file) => /^Console-/.test(file));
  if (consoleRoots.length === 0) throw new Error(`No Console-*.js chunk in ${staticDir}`);
  const consoleSet = closure(consoleRoots);
  const shared = closure(chunks.filter((file) => !consoleSet.has(file)));
  return new Set([...consoleSet].filter((file) => !shared.has(file)));
}

const kindOf = (path: string, mimeType: string): Loaded['kind'] =>
  /\.m?js$/.test(path) || mimeType.includes('javascript')
    ? 'js'
    : /\.css$/.test(path) || mimeType === 'text/css'
      ? 'css'
      : 'other';

/** Opens `/` in a fresh context and answers what it loaded. */
async function firstView(
  browser: Browser,
  url: string,
  acceptEncoding: string | undefined,
): Promise<Loaded[]> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const responses = new Map<string, { url: string; mimeType: string; headers: Headers }>();
  const loaded: Loaded[] = [];
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    responses.set(requestId, {
      url: response.url,
      mimeType: response.mimeType,
      headers: new Headers(response.headers as Record<string, string>),
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (!response || !response.url.startsWith(url)) return;
    const path = new URL(response.url).pathname;
    const length = Number(response.headers.get('content-length'));
    const headerBytes = [...response.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
    loaded.push({
      path,
      kind: kindOf(path, response.mimeType),
      encoding: response.headers.get('content-encoding') ?? 'identity',
      bytes: Number.isFinite(length) && length > 0 ? length : encodedDataLength - headerBytes,
    });
  });

  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return loaded;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title: string, loaded: Loaded[]): number {
  console.log(`\n${title}`);
  const rows = [...loaded].sort((a, b) => a.kind.localeCompare(b.kind) || b.bytes - a.bytes);
  for (const row of rows) {
    console.log(
      `  ${row.kind.padEnd(5)} ${row.encoding.padEnd(8)} ${kb(row.bytes).padStart(9)}  ${row.path}`,
    );
  }
  const sum = (kind: Loaded['kind']) =>
    loaded.filter((row) => row.kind === kind).reduce((n, row) => n + row.bytes, 0);
  const js = sum('js');
  const css = sum('css');
  console.log(
    `  JS ${kb(js)} (${loaded.filter((r) => r.kind === 'js').length} files), CSS ${kb(css)}, ` +
      `JS + CSS ${kb(js + css)}, other ${kb(sum('other'))}`,
  );
  return js + css;
}

async function main() {
  if (!requireChromium()) process.exit(1);
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    // a home page with something on it: a running game and a post
    const admin = await signInThroughApi(server.url, 'admin', ADMIN_PASSWORD);
    await seedRunningGame(admin);
    await publishPost(admin, { title: 'Welcome', summary: 'The season opens.', content: 'Hi.' });
    await admin.dispose();

    const consoleOnly = consoleOnlyChunks();
    const asked = await firstView(browser, server.url, undefined);
    const brotli = await firstView(browser, server.url, 'br, gzip');
    const gzip = await firstView(browser, server.url, 'gzip');
    report(`Chromium's own Accept-Encoding:`, asked);
    const brotliTotal = report('Default Accept-Encoding (brotli offered):', brotli);
    const gzipTotal = report('Accept-Encoding: gzip only:', gzip);

    const failures: string[] = [];
    for (const row of [...brotli, ...gzip]) {
      const file = row.path.split('/').pop()!;
      if (consoleOnly.has(file)) failures.push(`console chunk loaded: ${row.path}`);
    }
    if (gzip.some((row) => row.kind !== 'other' && row.encoding !== 'gzip'))
      failures.push('a script or style came without gzip although only gzip was accepted');
    if (gzipTotal > BUDGET_GZIP)
      failures.push(`JS + CSS is ${kb(gzipTotal)} gzip, over the ${kb(BUDGET_GZIP)} budget`);

    console.log(
      `\nFirst view of /: ${kb(brotliTotal)} brotli, ${kb(gzipTotal)} gzip (JS + CSS; ` +
        `budget ${kb(BUDGET_GZIP)} gzip); ${consoleOnly.size} console-only chunks, none loaded: ` +
        `${failures.every((f) => !f.startsWith('console'))}`,
    );
    if (failures.length > 0) {
      console.error(failures.join('\n'));
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
