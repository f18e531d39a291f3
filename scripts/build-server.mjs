#!/usr/bin/env node
// Bundles the server's TypeScript into build/server/main.mjs, and each worker thread's entry into
// its own file beside it (dependencies stay in node_modules). The names of the worker bundles are
// what server/src/services/workerThreads.ts looks for next to the running bundle.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `node scripts/build-server.mjs [folder]`: build/server unless told (the bench builds its own
// copy, so that it never writes over a build another process runs). Inside the checkout, so the
// bundles find node_modules.
const outdir = join(root, process.argv[2] ?? 'build/server');
const result = await build({
  entryPoints: {
    main: join(root, 'server/src/main.ts'),
    scoreboardWorker: join(root, 'server/src/services/scoreboard/worker.ts'),
    // `node build/server/backup.mjs FILE` where only production dependencies are installed.
    backup: join(root, 'server/src/cli/backup.ts'),
    restore: join(root, 'server/src/cli/restore.ts'),
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});
// What each bundle imports, as esbuild resolved it: scripts/server-dependencies.mjs reads the
// external packages from here (scanning the code for `import` text also finds it inside strings).
writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
