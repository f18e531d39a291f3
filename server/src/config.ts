/** Deployment configuration from the environment (README lists every variable). */
import { resolve } from 'node:path';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export type NamedLimit = 'register' | 'query' | 'powChallenge' | 'container' | 'submit';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  logLevel: string;
  requestLogging: boolean;
  webDir: string;
  rateLimit: {
    enabled: boolean;
    global: RateLimitRule;
    named: Record<NamedLimit, RateLimitRule>;
    concurrencyQueue: number;
  };
  trustedProxies: string[];
  bodyLimitBytes: number;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer`);
  return value;
}

/** Parses `max/seconds`, e.g. `VEXIL_RATE_LIMIT_SUBMIT=60/60`. */
function rule(env: Env, name: string, fallback: RateLimitRule): RateLimitRule {
  const raw = env[name];
  if (!raw) return fallback;
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!match || Number(match[2]) === 0)
    throw new Error(`${name} must look like MAX/SECONDS, e.g. 60/60`);
  return { max: Number(match[1]), windowSeconds: Number(match[2]) };
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be on or off`);
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  return {
    port: int(env, 'PORT', 8080),
    host: env.VEXIL_HOST || '0.0.0.0',
    dataDir: resolve(cwd, env.VEXIL_DATA || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.VEXIL_ADMIN_PASSWORD || undefined,
    logLevel: env.VEXIL_LOG_LEVEL || 'info',
    requestLogging: flag(env, 'VEXIL_REQUEST_LOGGING', false),
    webDir: resolve(cwd, env.VEXIL_WEB_DIR || './build/web'),
    rateLimit: {
      enabled: flag(env, 'VEXIL_RATE_LIMIT', true),
      global: rule(env, 'VEXIL_RATE_LIMIT_GLOBAL', { max: 300, windowSeconds: 60 }),
      named: {
        register: rule(env, 'VEXIL_RATE_LIMIT_REGISTER', { max: 20, windowSeconds: 150 }),
        query: rule(env, 'VEXIL_RATE_LIMIT_QUERY', { max: 120, windowSeconds: 60 }),
        powChallenge: rule(env, 'VEXIL_RATE_LIMIT_POW', { max: 20, windowSeconds: 60 }),
        container: rule(env, 'VEXIL_RATE_LIMIT_CONTAINER', { max: 30, windowSeconds: 60 }),
        submit: rule(env, 'VEXIL_RATE_LIMIT_SUBMIT', { max: 60, windowSeconds: 60 }),
      },
      concurrencyQueue: int(env, 'VEXIL_RATE_LIMIT_CONCURRENCY_QUEUE', 20),
    },
    trustedProxies: (env.VEXIL_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimitBytes: int(env, 'VEXIL_BODY_LIMIT', 2 * 1024 * 1024),
  };
}
