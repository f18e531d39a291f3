// compose.yaml, checked as far as a machine without the compose plugin allows: it parses, every
// setting it gives Vexil exists (config.ts reads it, the README lists it) and loads, every service
// has a health check and keeps its data in a named volume.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';

const root = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
}
const compose = parseYaml(read('compose.yaml')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

/** What `docker compose` makes of `${NAME:?…}` / `${NAME:-default}` with a sample value. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_match, name, kind, rest) =>
    kind === '-' ? rest : `sample-${name}-0123456789`,
  );
}

describe('compose.yaml', () => {
  const vexil = compose.services.vexil;

  it('sets only settings that config.ts reads and the README documents', () => {
    const configSource = read('server/src/config.ts');
    const readme = read('README.md');
    const names = Object.keys(vexil.environment ?? {});
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      expect(configSource, `${name} in server/src/config.ts`).toMatch(new RegExp(`\\b${name}\\b`));
      expect(readme, `${name} in the README's settings`).toContain(`| \`${name}\``);
    }
  });

  it('gives Vexil settings it accepts', () => {
    const env = Object.fromEntries(
      Object.entries(vexil.environment ?? {}).map(([name, value]) => [name, interpolate(value)]),
    );
    const config = loadConfig(env, '/app');
    expect(config.dataDir).toBe('/data');
    expect(config.storage).toEqual({ kind: 'local', path: '/data/files' });
    expect(config.databaseUrl).toMatch(/^postgres:\/\/vexil:.+@postgres:5432\/vexil$/);
    expect(config.redisUrl).toBe('redis://redis:6379');
  });

  it('checks the health of every service and keeps data in named volumes', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test, `${name} health check`).toBeDefined();
      const named = (service.volumes ?? []).filter((volume) => !volume.startsWith('/'));
      for (const volume of named) expect(compose.volumes).toHaveProperty(volume.split(':')[0]);
    }
    expect(Object.keys(compose.services).sort()).toEqual(['postgres', 'redis', 'vexil']);
  });
});
