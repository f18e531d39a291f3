import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.ts';

// The API server (npm run dev:server) answers everything that is not the client.
const server = process.env.VEXIL_DEV_SERVER ?? 'http://localhost:8080';
const toServer: ProxyOptions = { target: server, changeOrigin: false };

/** `@/x` is `src/x` (the same alias as tsconfig.json's `paths` and the web test project's). */
const clientAlias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/** Modules of the organisers' console, which the player entry must never load. */
const CONSOLE_MODULE =
  /[\\/]node_modules[\\/](react-admin|ra-[^\\/]+)[\\/]|[\\/]src[\\/]console[\\/]/;
/** A player's first view stays under 300 KB gzip; the console loads only under `/admin`. */
const ENTRY_BUDGET_GZIP = 300 * 1024;

/**
 * Fails the build when the entry's static import graph pulls in the console, or outgrows the
 * budget. react-admin reaches the browser only through the lazy `/admin/*` route.
 */
function playerEntryGuard(): Plugin {
  return {
    name: 'vexil:player-entry-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const entry of Object.values(bundle)) {
        if (entry.type !== 'chunk' || !entry.isEntry) continue;
        const seen = new Set<string>();
        const queue = [entry.fileName];
        let gzip = 0;
        while (queue.length > 0) {
          const chunk = bundle[queue.pop()!];
          if (!chunk || chunk.type !== 'chunk' || seen.has(chunk.fileName)) continue;
          seen.add(chunk.fileName);
          const leak = chunk.moduleIds.find((id) => CONSOLE_MODULE.test(id));
          if (leak) this.error(`${entry.fileName} statically loads console module ${leak}`);
          gzip += gzipSync(chunk.code).length;
          queue.push(...chunk.imports);
        }
        if (gzip > ENTRY_BUDGET_GZIP) {
          this.error(`${entry.fileName} and its static imports are ${gzip} B gzip, over budget`);
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), playerEntryGuard(), precompress()],
  resolve: { alias: clientAlias },
  build: {
    outDir: 'build/web',
    emptyOutDir: true,
    // `/assets/{hash}/{name}` is the API's file route, so built files live under /static/.
    assetsDir: 'static',
    // Size is policed by playerEntryGuard (gzip budget), not by the minified-size warning.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the player entry needs at start becomes one long-cached vendor chunk. Everything
          // else splits along the lazy imports: each page, and the console (react-admin and the
          // libraries only it uses) as one chunk. No manual group for the console: a group also
          // captures its dependencies, and would drag MUI modules shared with player pages along.
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { ...toServer, ws: true }, // REST and the /api/proxy/{id} WebSocket
      '/api-docs': toServer,
      '/openapi.json': toServer,
      '/assets': toServer,
      '/hub': { ...toServer, ws: true },
      '/favicon.webp': toServer,
    },
  },
});
