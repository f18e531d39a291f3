/**
 * Settings that work on a laptop but bite in production, found at start from the configuration
 * alone. server.ts logs each as a warning; the start banner (startBanner.ts) repeats them.
 */
import { isIP } from 'node:net';
import type { Config } from './config.js';

export function productionPitfalls(config: Config): string[] {
  const pitfalls: string[] = [];
  if (config.mail.smtpUrl && !config.publicUrl && config.allowedHosts.length === 0) {
    pitfalls.push(
      'Mail is configured but neither VEXIL_PUBLIC_URL nor VEXIL_ALLOWED_HOSTS is set: sign-up confirmation, password reset and email change answer 400 until one is',
    );
  }
  // Cookies are Secure when the request came over https; behind a proxy Vexil only knows that
  // from X-Forwarded-Proto, which it reads from VEXIL_TRUSTED_PROXIES only.
  if (config.publicUrl?.startsWith('https:') && config.trustedProxies.length === 0) {
    pitfalls.push(
      'VEXIL_PUBLIC_URL is https but VEXIL_TRUSTED_PROXIES is empty: behind a TLS proxy every request looks like plain http, so session and CSRF cookies lose Secure; list the proxy in VEXIL_TRUSTED_PROXIES',
    );
  }
  if (config.redisUrl && !config.secret) {
    pitfalls.push(
      'REDIS_URL is set (several instances) but VEXIL_SECRET is not: the secret is generated and kept in the database, and instances first started together may generate different ones and sign account links and hub connection tokens differently until restarted; set the same VEXIL_SECRET on every instance',
    );
  }
  // Passkeys (issue 26) take their relying party id from the public URL, and browsers refuse an
  // IP address there.
  const publicHost = config.publicUrl && new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '');
  if (publicHost && isIP(publicHost) !== 0) {
    pitfalls.push(
      `VEXIL_PUBLIC_URL names an IP address (${publicHost}): passkeys need a domain name and answer 400 until the site has one`,
    );
  }
  return pitfalls;
}
