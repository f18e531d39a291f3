/** Deployment configuration from the environment (README lists every variable). */
import { join, resolve } from 'node:path';
import { dockerHostProblem } from './domain/dockerHost.js';
import { metricsConfig, type MetricsConfig } from './domain/metricsAccess.js';
import { providersFromEnvironment, type SsoProvider } from './domain/sso/providers.js';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export type NamedLimit = 'register' | 'query' | 'powChallenge' | 'container' | 'submit';

export const CAPTCHA_PROVIDERS = ['None', 'HashPow', 'CloudflareTurnstile'] as const;
export type CaptchaProviderName = (typeof CAPTCHA_PROVIDERS)[number];

export interface CaptchaConfig {
  provider: CaptchaProviderName;
  siteKey: string;
  secretKey: string;
  /** Leading zero bits a Hash-PoW answer needs, 8–48. */
  powDifficulty: number;
}

/** Failed sign-ins (and wrong current passwords), counted per account; see README. */
export interface LoginLimitConfig {
  enabled: boolean;
  /** Failures of one account from one client address before that address is locked out. */
  perAddress: RateLimitRule;
  /** The first lock-out; each further one (within a day) lasts twice as long, up to the max. */
  lockoutSeconds: number;
  lockoutMaxSeconds: number;
  /** Failures of one account from every address before its sign-ins need the captcha. */
  perAccount: RateLimitRule;
}

export interface MailConfig {
  /** `smtp://user:pass@host:port` or `smtps://…`; without it no mail is sent. */
  smtpUrl?: string;
  from: string;
}

export const PORT_MAPPINGS = ['Default', 'PlatformProxy'] as const;
export type PortMappingName = (typeof PORT_MAPPINGS)[number];

/** Where challenge containers run: a Docker engine's containers, or a swarm's services. */
export const CONTAINER_PROVIDERS = ['docker', 'swarm'] as const;
export type ContainerProviderName = (typeof CONTAINER_PROVIDERS)[number];

export interface ContainerConfig {
  /** `VEXIL_CONTAINER_PROVIDER`: `docker` (default) or `swarm` (the engine is a swarm manager). */
  provider: ContainerProviderName;
  /** `VEXIL_SWARM_NETWORK`: attachable overlay network of the swarm services, shared with Vexil. */
  swarmNetwork?: string;
  /** `DOCKER_HOST`: `unix:///path` or `tcp://host:port`; unset = the default local socket. */
  dockerHost?: string;
  /** `DOCKER_CERT_PATH`: folder of ca.pem, cert.pem and key.pem for a TLS engine. */
  dockerCertPath?: string;
  /** Deployment default of the admin setting `containerPolicy.portMapping`. */
  portMapping: PortMappingName;
  /** Deployment default of the admin setting `containerPolicy.enableTrafficCapture`. */
  trafficCapture: boolean;
  /** Host name shown to players in front of published ports; else the engine machine's. */
  publicEntry?: string;
  /** Host address published ports bind to; all interfaces when unset. */
  hostIp?: string;
  /**
   * `VEXIL_CONTAINER_STARTS`: container creates in flight on the engine (or swarm) at once, across
   * every instance of the deployment; the other starts wait in the queue (services/containers/
   * startQueue.ts).
   */
  startsInFlight: number;
  /**
   * `VEXIL_CONTAINER_START_WAIT`: seconds a Start request waits for its container before it
   * answers `Pending` with the start's place in the queue.
   */
  startWaitSeconds: number;
  /** The start queue's timing. Not read from the environment: tests shorten it. */
  startQueue: StartQueueConfig;
  /** How transient engine failures are retried. Not read from the environment. */
  engineRetry: EngineRetryConfig;
  /** Engine removals in flight at once on this instance (player destroys, expiry, clean-ups). */
  destroysInFlight: number;
}

export interface StartQueueConfig {
  /** How long a start's holder keeps it unless renewed: how long a dead instance delays it. */
  leaseMs: number;
  /** How often each instance looks for starts queued by other instances and lapsed leases. */
  pollMs: number;
}

export interface EngineRetryConfig {
  /** The first pause before trying again, doubled each time up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** No retry starts later than this after the first try. */
  totalMs: number;
}

/** Where uploaded files are kept: today a folder; an object store would be another kind. */
export const STORAGE_KINDS = ['local'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** Webhook deliveries (services/webhooks/). Not read from the environment: tests shorten them. */
export interface WebhookConfig {
  /** How long a receiver may take to answer. */
  timeoutMs: number;
  /** The first retry waits this long; each next one four times longer. */
  retryBaseMs: number;
  /** Attempts before a delivery is marked failed. */
  maxAttempts: number;
  /** How often each instance looks for due deliveries. */
  pollIntervalMs: number;
  /** How often one instance of the cluster looks for games that started or ended. */
  scheduleIntervalMs: number;
}

export interface StorageConfig {
  /** `VEXIL_STORAGE`: `local` (default), a folder of this machine or a volume mounted on it. */
  kind: StorageKind;
  /** `VEXIL_STORAGE_PATH`: the folder; default `files/` in the data folder. */
  path: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Seconds to keep trying to reach the database at start before giving up; 0 keeps trying. */
  databaseStartTimeoutSeconds: number;
  /** Redis for the scoreboard cache and live updates shared between instances. */
  redisUrl?: string;
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
  loginLimit: LoginLimitConfig;
  trustedProxies: string[];
  bodyLimitBytes: number;
  /** Signs account tokens; when unset one is generated and kept in the database. */
  secret?: string;
  /** Origin used in mailed links (`https://ctf.example.org`). */
  publicUrl?: string;
  /** Origins besides the site's own whose pages may open the hubs (`VEXIL_ALLOWED_ORIGINS`). */
  allowedOrigins: string[];
  /** Without `publicUrl`, request hosts (`host` or `host:port`) that mailed links may use. */
  allowedHosts: string[];
  mail: MailConfig;
  captcha: CaptchaConfig;
  /** Flag checker workers; 0 sizes the pool to the machine (1, 2 or 4). */
  flagCheckWorkers: number;
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish. */
  shutdownTimeoutSeconds: number;
  containers: ContainerConfig;
  /** Uploaded files (attachments, avatars, logos, writeups). */
  storage: StorageConfig;
  /** Who may read `/metrics` (off when neither a token nor an address is given). */
  metrics: MetricsConfig;
  webhooks: WebhookConfig;
  /** `VEXIL_SSO_PROVIDERS`: single sign-on providers of the environment (issue 26). */
  ssoProviders: SsoProvider[];
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

/** Like `rule`, but a limit of 0 would lock everyone out: at least 1. */
function loginRule(env: Env, name: string, fallback: RateLimitRule): RateLimitRule {
  const parsed = rule(env, name, fallback);
  if (parsed.max < 1) throw new Error(`${name} must allow at least 1 failure, e.g. 5/300`);
  return parsed;
}

function loginLimit(env: Env): LoginLimitConfig {
  const lockoutSeconds = int(env, 'VEXIL_LOGIN_LOCKOUT', 60);
  const lockoutMaxSeconds = int(env, 'VEXIL_LOGIN_LOCKOUT_MAX', 3600);
  if (lockoutSeconds < 1) throw new Error('VEXIL_LOGIN_LOCKOUT must be at least 1 second');
  if (lockoutMaxSeconds < lockoutSeconds)
    throw new Error('VEXIL_LOGIN_LOCKOUT_MAX must not be shorter than VEXIL_LOGIN_LOCKOUT');
  return {
    enabled: flag(env, 'VEXIL_LOGIN_LIMIT', true),
    perAddress: loginRule(env, 'VEXIL_LOGIN_LIMIT_ADDRESS', { max: 5, windowSeconds: 300 }),
    lockoutSeconds,
    lockoutMaxSeconds,
    perAccount: loginRule(env, 'VEXIL_LOGIN_LIMIT_ACCOUNT', { max: 20, windowSeconds: 3600 }),
  };
}

/** `VEXIL_ALLOWED_HOSTS`: comma-separated `host` or `host:port`, compared in lower case. */
function allowedHosts(env: Env): string[] {
  const hosts = (env.VEXIL_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host))
      throw new Error(
        `VEXIL_ALLOWED_HOSTS: "${host}" is not a host name or host:port, e.g. ctf.example.org`,
      );
  }
  return hosts;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be on or off`);
}

function captchaProvider(env: Env): CaptchaProviderName {
  const raw = env.VEXIL_CAPTCHA_PROVIDER?.trim() || 'None';
  const provider = CAPTCHA_PROVIDERS.find((p) => p.toLowerCase() === raw.toLowerCase());
  if (!provider) throw new Error(`VEXIL_CAPTCHA_PROVIDER must be one of ${CAPTCHA_PROVIDERS}`);
  return provider;
}

/** Difficulty in leading zero bits: default 18, clamped to 8–48. */
function powDifficulty(env: Env): number {
  const raw = env.VEXIL_CAPTCHA_POW_DIFFICULTY?.trim();
  if (!raw) return 18;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error('VEXIL_CAPTCHA_POW_DIFFICULTY must be an integer');
  return Math.min(48, Math.max(8, value));
}

function publicUrl(env: Env): string | undefined {
  const raw = env.VEXIL_PUBLIC_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('VEXIL_PUBLIC_URL must be an absolute URL, e.g. https://ctf.example.org');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('VEXIL_PUBLIC_URL must be an http or https URL');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** An origin as browsers send it in `Origin`: `scheme://host[:port]`, nothing else. */
function origin(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
}

/** `VEXIL_ALLOWED_ORIGINS`: comma-separated origins, kept in their normal form. */
function allowedOrigins(env: Env): string[] {
  return (env.VEXIL_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((raw) => {
      const normal = origin(raw);
      if (!normal) {
        throw new Error(
          `VEXIL_ALLOWED_ORIGINS must list origins such as https://ctf.example.org:8443, not ${raw}`,
        );
      }
      return normal;
    });
}

function secret(env: Env): string | undefined {
  const raw = env.VEXIL_SECRET;
  if (!raw) return undefined;
  if (raw.length < 16) throw new Error('VEXIL_SECRET must be at least 16 characters long');
  return raw;
}

function containerConfig(env: Env): ContainerConfig {
  const dockerHost = env.DOCKER_HOST?.trim() || undefined;
  const problem = dockerHost ? dockerHostProblem(dockerHost) : null;
  if (problem) throw new Error(problem);
  const rawMapping = env.VEXIL_PORT_MAPPING?.trim() || 'Default';
  const portMapping = PORT_MAPPINGS.find((m) => m.toLowerCase() === rawMapping.toLowerCase());
  if (!portMapping) throw new Error(`VEXIL_PORT_MAPPING must be one of ${PORT_MAPPINGS}`);
  const rawProvider = env.VEXIL_CONTAINER_PROVIDER?.trim().toLowerCase() || 'docker';
  const provider = CONTAINER_PROVIDERS.find((p) => p === rawProvider);
  if (!provider) {
    throw new Error(`VEXIL_CONTAINER_PROVIDER must be one of ${CONTAINER_PROVIDERS.join(', ')}`);
  }
  return {
    provider,
    swarmNetwork: env.VEXIL_SWARM_NETWORK?.trim() || undefined,
    dockerHost,
    dockerCertPath: env.DOCKER_CERT_PATH?.trim() || undefined,
    portMapping,
    trafficCapture: flag(env, 'VEXIL_TRAFFIC_CAPTURE', false),
    publicEntry: env.VEXIL_PUBLIC_ENTRY?.trim() || undefined,
    hostIp: env.VEXIL_CONTAINER_HOST_IP?.trim() || undefined,
    startsInFlight: atLeastOne(env, 'VEXIL_CONTAINER_STARTS', DEFAULT_CONTAINER_STARTS),
    startWaitSeconds: int(env, 'VEXIL_CONTAINER_START_WAIT', 5),
    startQueue: { leaseMs: 20_000, pollMs: 1_000 },
    // 0.5 s, 1, 2, 4, then every 8 s: about ten tries in a minute.
    engineRetry: { firstDelayMs: 500, maxDelayMs: 8_000, totalMs: 60_000 },
    destroysInFlight: 4,
  };
}

/**
 * Container creates in flight on one engine unless `VEXIL_CONTAINER_STARTS` says otherwise (issue
 * 24: one engine hung up on a flood of 100 concurrent creates; the best value is being measured).
 */
export const DEFAULT_CONTAINER_STARTS = 8;

function atLeastOne(env: Env, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1`);
  return value;
}

function storageConfig(env: Env, cwd: string, dataDir: string): StorageConfig {
  const raw = env.VEXIL_STORAGE?.trim().toLowerCase() || 'local';
  const kind = STORAGE_KINDS.find((k) => k === raw);
  if (!kind) throw new Error(`VEXIL_STORAGE must be one of ${STORAGE_KINDS.join(', ')}`);
  const path = env.VEXIL_STORAGE_PATH?.trim();
  return { kind, path: path ? resolve(cwd, path) : join(dataDir, 'files') };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const dataDir = resolve(cwd, env.VEXIL_DATA || './data');
  return {
    port: int(env, 'PORT', 8080),
    host: env.VEXIL_HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseStartTimeoutSeconds: int(env, 'VEXIL_DATABASE_START_TIMEOUT', 0),
    redisUrl: env.REDIS_URL?.trim() || undefined,
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
    loginLimit: loginLimit(env),
    trustedProxies: (env.VEXIL_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimitBytes: int(env, 'VEXIL_BODY_LIMIT', 2 * 1024 * 1024),
    secret: secret(env),
    publicUrl: publicUrl(env),
    allowedOrigins: allowedOrigins(env),
    allowedHosts: allowedHosts(env),
    mail: {
      smtpUrl: env.VEXIL_SMTP_URL?.trim() || undefined,
      from: env.VEXIL_MAIL_FROM?.trim() || 'Vexil <noreply@localhost>',
    },
    captcha: {
      provider: captchaProvider(env),
      siteKey: env.VEXIL_CAPTCHA_SITE_KEY ?? '',
      secretKey: env.VEXIL_CAPTCHA_SECRET_KEY ?? '',
      powDifficulty: powDifficulty(env),
    },
    flagCheckWorkers: int(env, 'VEXIL_FLAG_CHECK_WORKERS', 0),
    shutdownTimeoutSeconds: int(env, 'VEXIL_SHUTDOWN_TIMEOUT', 8),
    containers: containerConfig(env),
    storage: storageConfig(env, cwd, dataDir),
    metrics: metricsConfig(env),
    ssoProviders: providersFromEnvironment(env.VEXIL_SSO_PROVIDERS),
    // 5 attempts: at once, then after 30 s, 2 min, 8 min and 32 min (about 45 minutes in all).
    webhooks: {
      timeoutMs: 10_000,
      retryBaseMs: 30_000,
      maxAttempts: 5,
      pollIntervalMs: 2_000,
      scheduleIntervalMs: 30_000,
    },
  };
}
