import { describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig } from '#server/config.js';
import { solvePow } from '#server/domain/hashPow.js';
import { CaptchaService } from '#server/services/captcha.js';
import type { FetchLike } from '#server/services/turnstile.js';

const config = (overrides: Partial<CaptchaConfig>): CaptchaConfig => ({
  provider: 'None',
  siteKey: '',
  secretKey: '',
  powDifficulty: 8,
  ...overrides,
});

describe('captcha service', () => {
  it('lets everything through with provider None and issues no challenge', async () => {
    const captcha = new CaptchaService(config({}));
    expect(await captcha.verify(undefined, undefined)).toBe(true);
    expect(captcha.issuePowChallenge()).toBeNull();
    expect(captcha.clientInfo(true)).toEqual({ type: 'None', siteKey: '' });
  });

  it('checks Hash-PoW answers against its own challenges', async () => {
    const captcha = new CaptchaService(config({ provider: 'HashPow', siteKey: 'ignored' }));
    const c = captcha.issuePowChallenge();
    if (!c) throw new Error('no challenge');
    const answer = `${c.id}:${solvePow(Buffer.from(c.challenge, 'hex'), 8).toString('hex')}`;
    expect(await captcha.verify(answer, '127.0.0.1')).toBe(true);
    expect(await captcha.verify(answer, '127.0.0.1')).toBe(false);
    expect(captcha.clientInfo(true)).toEqual({ type: 'HashPow', siteKey: '' });
  });

  it('asks Turnstile with the configured secret and the client address', async () => {
    const fetch = vi.fn<FetchLike>(async () => ({
      ok: true,
      json: async () => ({ success: true }),
    }));
    const captcha = new CaptchaService(
      config({ provider: 'CloudflareTurnstile', siteKey: 'site', secretKey: 'secret' }),
      { fetch },
    );
    expect(await captcha.verify('token', '192.0.2.1')).toBe(true);
    expect(JSON.parse(fetch.mock.calls[0][1].body as string)).toEqual({
      secret: 'secret',
      response: 'token',
      remoteip: '192.0.2.1',
    });
    expect(captcha.clientInfo(true)).toEqual({ type: 'CloudflareTurnstile', siteKey: 'site' });
    expect(captcha.clientInfo(false)).toEqual({ type: 'None', siteKey: '' });
  });
});
