/**
 * Regenerates everything derived from openapi/: `npm run codegen` writes, `npm run codegen:check`
 * fails when a committed file differs from what would be written.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSpec } from './bundle.js';
import { renderWireTypes } from './wireTypes.js';
import { renderFormMeta } from './formMeta.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const outputs = {
  bundledSpec: 'server/src/generated/openapi.gen.json',
  /** Types of the wire (paths, bodies, models), imported by the server and the client. */
  wireTypes: 'wire/schema.gen.ts',
  formMeta: 'src/api/formMeta.gen.ts',
} as const;

async function render(): Promise<Record<string, string>> {
  const spec = await bundleSpec(resolve(root, 'openapi/openapi.yaml'));
  return {
    [outputs.bundledSpec]: JSON.stringify(spec, null, 2) + '\n',
    [outputs.wireTypes]: await renderWireTypes(spec),
    [outputs.formMeta]: renderFormMeta(spec),
  };
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await render();
  const stale: string[] = [];
  for (const [path, content] of Object.entries(files)) {
    const full = resolve(root, path);
    const current = await readFile(full, 'utf8').catch(() => null);
    if (current === content) continue;
    if (check) {
      stale.push(path);
    } else {
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, content);
      console.log(`wrote ${path}`);
    }
  }
  if (check && stale.length > 0) {
    console.error(`Generated files are stale; run \`npm run codegen\`:\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  if (check) console.log('Generated files are up to date.');
}

await main();
