#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources (generated code, web client,
// server bundle), then serves.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, SERVER_INPUTS, WEB_INPUTS } from './staleness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (what, command, args) => {
  console.log(`[vexil] ${what}…`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
};

const missing = (path) => !existsSync(join(root, path));

if (missing('server/src/generated/openapi.gen.json') || missing('wire/schema.gen.ts')) {
  run('generating code from openapi/', bin('tsx'), ['codegen/generate.ts']);
}
if (isStale(root, 'build/web/index.html', WEB_INPUTS)) {
  run('building the web client', bin('vite'), ['build', '--logLevel', 'warn']);
}
if (isStale(root, 'build/server/main.mjs', SERVER_INPUTS)) {
  run('building the server', process.execPath, [join(root, 'scripts/build-server.mjs')]);
}
await import(join(root, 'build/server/main.mjs'));
