// The start banner and the production pitfalls it repeats, from configurations alone.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { siteUrls, startBanner, wantsBanner } from '#server/startBanner.js';
import { productionPitfalls } from '#server/startWarnings.js';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ VEXIL_DATA: '/srv/vexil', ...env });
const sqlite = { dialect: 'sqlite', file: '/srv/vexil/vexil.db' } as const;

describe('start banner', () => {
  it('is printed to a terminal only; elsewhere the JSON log lines are the output', () => {
    expect(wantsBanner({ isTTY: true })).toBe(true);
    expect(wantsBanner({ isTTY: false })).toBe(false);
    expect(wantsBanner({})).toBe(false);
  });

  it('names the site, the console, how to get an admin, and what Vexil runs on', () => {
    const text = startBanner(config({ PORT: '8080' }), {
      urls: siteUrls(config({ PORT: '8080' })),
      database: sqlite,
      adminExists: false,
    });
    expect(text).toContain('Site:     http://localhost:8080');
    expect(text).toContain('Console:  http://localhost:8080/admin');
    expect(text).toContain('none yet: set VEXIL_ADMIN_PASSWORD and restart to create "admin"');
    expect(text).toContain('Database: SQLite at /srv/vexil/vexil.db');
    expect(text).toContain('Redis:    off');
    expect(text).toContain('Docker:   the local engine');
    expect(text).not.toContain('Warnings:');
  });

  it('says where the admin password came from, and never prints secrets', () => {
    const settings = config({
      VEXIL_ADMIN_PASSWORD: 'Sup3r-secret-pass',
      REDIS_URL: 'redis://:redispass@cache.internal:6380',
      VEXIL_SECRET: 'a-long-enough-shared-secret',
      VEXIL_PUBLIC_URL: 'https://ctf.example.org',
      VEXIL_TRUSTED_PROXIES: '10.0.0.1',
      DOCKER_HOST: 'tcp://docker.internal:2375',
    });
    const text = startBanner(settings, {
      urls: siteUrls(settings),
      database: { dialect: 'postgres', url: 'postgres://vexil:dbpass@db.internal:5432/vexil' },
      adminExists: true,
    });
    expect(text).toContain('Site:     http://localhost:8080, https://ctf.example.org');
    expect(text).toContain('Admin:    admin, password from VEXIL_ADMIN_PASSWORD');
    expect(text).toContain('Database: PostgreSQL at db.internal:5432/vexil');
    expect(text).toContain('Redis:    cache.internal:6380');
    expect(text).toContain('Docker:   tcp://docker.internal:2375');
    for (const secret of ['Sup3r-secret-pass', 'redispass', 'dbpass', 'a-long-enough']) {
      expect(text).not.toContain(secret);
    }
  });

  it('lists the production pitfalls as warnings', () => {
    const settings = config({
      VEXIL_SMTP_URL: 'smtp://mail.internal:25',
      VEXIL_PUBLIC_URL: 'https://ctf.example.org',
      REDIS_URL: 'redis://cache.internal:6379',
    });
    const text = startBanner(settings, {
      urls: siteUrls(settings),
      database: sqlite,
      adminExists: true,
    });
    expect(text).toContain('Warnings:');
    expect(text).toContain('VEXIL_TRUSTED_PROXIES is empty');
    expect(text).toContain('VEXIL_SECRET is not');
    expect(text).toContain('hub connection tokens');
  });
});

describe('production pitfalls', () => {
  it('none for a laptop start', () => {
    expect(productionPitfalls(config())).toEqual([]);
  });

  it('mail without a public URL or allowed hosts', () => {
    const mail = { VEXIL_SMTP_URL: 'smtp://mail.internal:25' };
    expect(productionPitfalls(config(mail))).toEqual([
      expect.stringContaining('neither VEXIL_PUBLIC_URL nor VEXIL_ALLOWED_HOSTS'),
    ]);
    expect(productionPitfalls(config({ ...mail, VEXIL_ALLOWED_HOSTS: 'ctf.example.org' }))).toEqual(
      [],
    );
  });

  it('an https public URL that no trusted proxy vouches for (cookies would lose Secure)', () => {
    const https = { VEXIL_PUBLIC_URL: 'https://ctf.example.org' };
    expect(productionPitfalls(config(https))).toEqual([expect.stringContaining('lose Secure')]);
    expect(productionPitfalls(config({ ...https, VEXIL_TRUSTED_PROXIES: '10.0.0.1' }))).toEqual([]);
    expect(productionPitfalls(config({ VEXIL_PUBLIC_URL: 'http://ctf.example.org' }))).toEqual([]);
  });

  it('a generated secret with REDIS_URL (several instances)', () => {
    const redis = { REDIS_URL: 'redis://cache.internal:6379' };
    expect(productionPitfalls(config(redis))).toEqual([expect.stringContaining('VEXIL_SECRET')]);
    expect(
      productionPitfalls(config({ ...redis, VEXIL_SECRET: 'a-long-enough-shared-secret' })),
    ).toEqual([]);
  });

  it('a public URL that is an IP address (passkeys need a domain name)', () => {
    for (const url of ['http://192.0.2.10:8080', 'http://[2001:db8::1]']) {
      expect(productionPitfalls(config({ VEXIL_PUBLIC_URL: url }))).toEqual([
        expect.stringContaining('passkeys need a domain name'),
      ]);
    }
    expect(productionPitfalls(config({ VEXIL_PUBLIC_URL: 'http://ctf.example.org' }))).toEqual([]);
  });
});
