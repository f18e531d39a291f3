/**
 * Vite plugin: after a build, writes `.br` and `.gz` siblings of the text assets (scripts, styles,
 * translations, SVG, HTML) so the server can send them as they are (@fastify/static preCompressed)
 * instead of compressing each request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|map)$/;
/** Smaller files are not worth a second request's overhead. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

export async function precompressDirectory(dir: string): Promise<number> {
  let written = 0;
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const content = await readFile(path);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    await writeFile(`${path}.br`, brotli);
    await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
    written += 1;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vexil:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
