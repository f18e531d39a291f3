import { describe, expect, it, vi } from 'vitest';
import {
  TURNSTILE_VERIFY_URL,
  verifyTurnstile,
  type FetchLike,
} from '#server/services/turnstile.js';

const answering = (body: unknown, ok = true) =>
  vi.fn<FetchLike>(async () => ({ ok, json: async () => body }));

describe('Turnstile verification', () => {
  it('posts the secret, the response token and the client address to siteverify', async () => {
    const fetch = answering({ success: true });
    const passed = await verifyTurnstile({
      secretKey: 'secret-1',
      token: 'widget-token',
      remoteIp: '203.0.113.9',
      fetch,
    });
    expect(passed).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(url).toBe(TURNSTILE_VERIFY_URL);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({
      secret: 'secret-1',
      response: 'widget-token',
      remoteip: '203.0.113.9',
    });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('fails unless siteverify says success: true', async () => {
    const base = { secretKey: 's', token: 't', remoteIp: '198.51.100.1' };
    expect(await verifyTurnstile({ ...base, fetch: answering({ success: false }) })).toBe(false);
    expect(await verifyTurnstile({ ...base, fetch: answering({ success: 'true' }) })).toBe(false);
    expect(await verifyTurnstile({ ...base, fetch: answering({}, false) })).toBe(false);
    expect(await verifyTurnstile({ ...base, fetch: answering(null) })).toBe(false);
    const failing = vi.fn<FetchLike>(async () => {
      throw new TypeError('network down');
    });
    expect(await verifyTurnstile({ ...base, fetch: failing })).toBe(false);
  });

  it('fails without a token or client address, without asking siteverify', async () => {
    const fetch = answering({ success: true });
    for (const [token, remoteIp] of [
      ['', '198.51.100.1'],
      [null, '198.51.100.1'],
      ['t', undefined],
    ] as const) {
      expect(await verifyTurnstile({ secretKey: 's', token, remoteIp, fetch })).toBe(false);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('passes everything when no secret key is configured', async () => {
    const fetch = answering({ success: false });
    expect(
      await verifyTurnstile({ secretKey: '', token: undefined, remoteIp: undefined, fetch }),
    ).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});
