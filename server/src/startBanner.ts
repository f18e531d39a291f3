/**
 * The few lines a person starting Vexil in a terminal reads: where it answers, where the
 * organisers' console is, how to get an admin account, and what it runs on. Printed after the
 * server listens, only when stdout is a terminal: otherwise (containers, services, pipes) the
 * JSON log lines are the whole output, as log collectors expect.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseSource } from './db/database.js';
import { ADMIN_USER_NAME } from './services/bootstrapAdmin.js';
import { productionPitfalls } from './startWarnings.js';

export interface BannerFacts {
  /** Where the site answers, e.g. `http://localhost:8080`. */
  urls: string[];
  database: DatabaseSource;
  /** Whether an account with role Admin exists (after VEXIL_ADMIN_PASSWORD was applied). */
  adminExists: boolean;
}

/** Whether to print the banner: only to a person at a terminal. */
export function wantsBanner(stdout: { isTTY?: boolean }): boolean {
  return stdout.isTTY === true;
}

/** The URLs a listening address is reached at (a wildcard host is this machine's localhost). */
export function siteUrls(config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string[] {
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  const local = `http://${host}:${config.port}`;
  return config.publicUrl && config.publicUrl !== local ? [local, config.publicUrl] : [local];
}

function describeDatabase(source: DatabaseSource): string {
  if (source.dialect === 'sqlite') return `SQLite at ${source.file}`;
  const url = new URL(source.url);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

function describeRedis(redisUrl: string | undefined): string {
  if (!redisUrl) return 'off (one instance; set REDIS_URL to run several)';
  const url = new URL(redisUrl);
  return `${url.hostname}${url.port ? `:${url.port}` : ''}`;
}

function describeDocker({ dockerHost, provider }: Config['containers']): string {
  const engine = dockerHost ?? 'the local engine (/var/run/docker.sock)';
  return `${engine}, for challenge containers${provider === 'swarm' ? ' as Swarm services' : ''}`;
}

function describeAdmin(config: Config, adminExists: boolean): string {
  if (config.adminPassword) return `${ADMIN_USER_NAME}, password from VEXIL_ADMIN_PASSWORD`;
  if (adminExists) return 'an Admin account exists';
  return `none yet: set VEXIL_ADMIN_PASSWORD and restart to create "${ADMIN_USER_NAME}"`;
}

/** The banner's text, from the configuration and what the start found. */
export function startBanner(config: Config, facts: BannerFacts): string {
  const [site, ...more] = facts.urls;
  const rows: Array<[string, string]> = [
    ['Site', [site, ...more].join(', ')],
    ['Console', `${site}/admin`],
    ['Admin', describeAdmin(config, facts.adminExists)],
    ['Database', describeDatabase(facts.database)],
    ['Redis', describeRedis(config.redisUrl)],
    ['Docker', describeDocker(config.containers)],
  ];
  const lines = ['', 'Vexil is running', ...rows.map(([k, v]) => `  ${`${k}:`.padEnd(10)}${v}`)];
  const pitfalls = productionPitfalls(config);
  if (pitfalls.length > 0) {
    lines.push('', 'Warnings:', ...pitfalls.map((pitfall) => `  - ${pitfall}`));
  }
  lines.push('');
  return lines.join('\n');
}

/** Prints the banner when stdout is a terminal (main.ts, after listening). */
export async function printStartBanner(app: FastifyInstance, config: Config): Promise<void> {
  if (!wantsBanner(process.stdout)) return;
  // A banner is no reason to stop: if the database cannot say, the hint to create one is shown.
  const admin = await app.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'Admin')
    .limit(1)
    .executeTakeFirst()
    .catch(() => undefined);
  const facts = { urls: siteUrls(config), database: app.database.source, adminExists: !!admin };
  process.stdout.write(`${startBanner(config, facts)}\n`);
}
