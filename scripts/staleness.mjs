// Whether a build output is older than any of its inputs (files or folders, searched deeply), so
// `npm start` and the e2e suite rebuild after the sources change instead of serving old code.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when `output` is missing or older than the newest of `inputs` (paths under `root`). */
export function isStale(root, output, inputs) {
  let built;
  try {
    built = statSync(join(root, output)).mtimeMs;
  } catch {
    return true;
  }
  return inputs.some((input) => newestMtime(join(root, input)) > built);
}

export const WEB_INPUTS = [
  'src',
  'wire',
  'locales',
  'index.html',
  'public',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'package-lock.json',
];
export const SERVER_INPUTS = [
  'server/src',
  'wire',
  'openapi',
  'scripts/build-server.mjs',
  'package-lock.json',
];
