#!/usr/bin/env node
// Keeps in package.json only the dependencies the built server (build/server/*.mjs) imports, so
// that `npm prune --omit=dev` after it leaves the container image without the web client's
// libraries (React, MUI, echarts…: bundled into build/web already). Used by the Dockerfile.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinModules } from 'node:module';

const root = process.argv[2] ?? '.';
const serverDir = join(root, 'build/server');
const imported = new Set();
// Written by scripts/build-server.mjs: the imports esbuild left outside the bundles.
const meta = JSON.parse(readFileSync(join(serverDir, 'meta.json'), 'utf8'));
for (const output of Object.values(meta.outputs)) {
  for (const { path: specifier, external } of output.imports) {
    if (!external) continue;
    const name = specifier.startsWith('@')
      ? specifier.split('/').slice(0, 2).join('/')
      : specifier.split('/')[0];
    if (!name.startsWith('node:') && !builtinModules.includes(name)) imported.add(name);
  }
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const missing = [...imported].filter((name) => !manifest.dependencies[name]);
if (missing.length > 0) {
  throw new Error(`The server imports packages that are not dependencies: ${missing.join(', ')}`);
}
manifest.dependencies = Object.fromEntries(
  Object.entries(manifest.dependencies).filter(([name]) => imported.has(name)),
);
writeFileSync(join(root, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Server dependencies: ${[...imported].sort().join(', ')}`);
