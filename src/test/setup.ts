// Setup for the `web` test project (jsdom).
import type { EventEmitter } from 'node:events';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '@/lib/i18n';
import { fakeApi } from './apiMock';
import { isExpectedRefusal } from './expectedRefusals';

// Every web test talks to the fake API (apiMock.ts), never to a server: the app's client is
// replaced here once for the whole project (a vi.mock in a set-up file applies to every test file).
// A test programs the answers with `fakeApi.on(...)`; the routes and the recorded requests are
// cleared after each test.
vi.mock('@/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/client')>()),
  api: (await import('./apiMock')).testApi,
}));

// findBy*/waitFor wait up to 5 s (not 1 s), 10 s in CI: the suites run in parallel on small CI
// machines, where a react-admin page can take seconds to settle. A real failure still fails, later.
configure({ asyncUtilTimeout: process.env.CI ? 10_000 : 5_000 });

// jsdom parses only part of modern CSS (MUI's and the fonts' @layer and nesting rules) and reports
// each stylesheet it cannot parse as a "css-parsing" error on its virtual console; tests do not look
// at styles, so those reports are dropped here. Its other errors still reach the console.
interface JsdomError extends Error {
  type?: string;
}
const jsdomConsole = (window as unknown as { _virtualConsole?: EventEmitter })._virtualConsole;
if (jsdomConsole) {
  const forward = jsdomConsole.listeners('jsdomError') as Array<(error: JsdomError) => void>;
  jsdomConsole.removeAllListeners('jsdomError');
  jsdomConsole.on('jsdomError', (error: JsdomError) => {
    if (error.type !== 'css-parsing') for (const listener of forward) listener(error);
  });
}

// The server's refusals that tests mock are not printed (expectedRefusals.ts says why).
for (const level of ['error', 'warn'] as const) {
  const write = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    if (!isExpectedRefusal(args)) write(...args);
  };
}

afterEach(() => {
  cleanup();
  fakeApi.reset();
  localStorage.clear();
});
