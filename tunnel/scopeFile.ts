/**
 * Accepted sites kept as JSON in the user's configuration folder
 * (`$XDG_CONFIG_HOME/vexil-tunnel/scopes.json`, `%APPDATA%\vexil-tunnel\scopes.json` on Windows).
 * A missing or unreadable file means no saved site; writes replace the file in one rename.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Scope, ScopeStore } from './consent.js';

type Saved = Omit<Scope, 'state'>;

export function defaultScopeFile(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    process.platform === 'win32' && env.APPDATA
      ? env.APPDATA
      : (env.XDG_CONFIG_HOME ?? join(homedir(), '.config'));
  return join(base, 'vexil-tunnel', 'scopes.json');
}

const isSaved = (value: unknown): value is Saved => {
  const scope = value as Partial<Saved> | null;
  return (
    typeof scope?.origin === 'string' &&
    typeof scope.name === 'string' &&
    Array.isArray(scope.features) &&
    scope.features.every((feature) => typeof feature === 'string')
  );
};

export function scopeFile(path: string): ScopeStore {
  return {
    load() {
      try {
        const parsed = JSON.parse(readFileSync(path, 'utf8')) as { scopes?: unknown };
        return Array.isArray(parsed.scopes) ? parsed.scopes.filter(isSaved) : [];
      } catch {
        return [];
      }
    },
    save(allowed) {
      mkdirSync(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify({ scopes: allowed }, null, 2)}\n`, {
        mode: 0o600,
      });
      renameSync(temporary, path);
    },
  };
}
