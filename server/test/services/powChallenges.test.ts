import { describe, expect, it } from 'vitest';
import { isPowSolution, solvePow } from '#server/domain/hashPow.js';
import { POW_CHALLENGE_TTL_MS, PowChallengeStore } from '#server/services/powChallenges.js';

function setup(capacity?: number) {
  const clock = { now: 1_000_000 };
  const store = new PowChallengeStore(8, () => clock.now, capacity);
  const answer = (c: { id: string; challenge: string }) =>
    `${c.id}:${solvePow(Buffer.from(c.challenge, 'hex'), 8).toString('hex')}`;
  const wrong = (c: { id: string; challenge: string }) => {
    const bytes = Buffer.from(c.challenge, 'hex');
    const nonce = Buffer.alloc(8);
    for (let n = 0n; isPowSolution(bytes, nonce, 8); n++) nonce.writeBigUInt64BE(n);
    return `${c.id}:${nonce.toString('hex')}`;
  };
  return { clock, store, answer, wrong };
}

describe('Hash-PoW challenge store', () => {
  it('issues 12-hex ids and 8-byte challenges with its difficulty', () => {
    const { store } = setup();
    const c = store.issue();
    expect(c).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      challenge: expect.stringMatching(/^[0-9a-f]{16}$/),
      difficulty: 8,
    });
  });

  it('accepts a solution once', () => {
    const { store, answer } = setup();
    const c = store.issue();
    expect(store.verify(answer(c))).toBe(true);
    expect(store.verify(answer(c))).toBe(false);
    expect(store.size).toBe(0);
  });

  it('keeps the challenge after a wrong answer', () => {
    const { store, answer, wrong } = setup();
    const c = store.issue();
    expect(store.verify(wrong(c))).toBe(false);
    expect(store.verify(answer(c))).toBe(true);
  });

  it('expires 5 minutes after issue or the last try (sliding)', () => {
    const { store, clock, answer, wrong } = setup();
    const idle = store.issue();
    const tried = store.issue();
    clock.now += POW_CHALLENGE_TTL_MS - 1000;
    expect(store.verify(wrong(tried))).toBe(false);
    clock.now += 2000;
    expect(store.verify(answer(idle))).toBe(false);
    expect(store.verify(answer(tried))).toBe(true);
  });

  it('refuses malformed answers and unknown ids', () => {
    const { store, answer } = setup();
    const c = store.issue();
    const nonce = answer(c).split(':')[1];
    for (const bad of [undefined, null, '', c.id, `${c.id}:xyz`, `000000000000:${nonce}`]) {
      expect(store.verify(bad)).toBe(false);
    }
    expect(store.verify(answer(c))).toBe(true);
  });

  it('stays bounded, dropping expired then oldest challenges', () => {
    const { store, clock, answer } = setup(3);
    const oldest = store.issue();
    clock.now += POW_CHALLENGE_TTL_MS + 1;
    const a = store.issue();
    const b = store.issue();
    store.issue();
    expect(store.size).toBe(3);
    expect(store.verify(answer(oldest))).toBe(false);
    store.issue();
    expect(store.size).toBe(3);
    expect(store.verify(answer(a))).toBe(false);
    expect(store.verify(answer(b))).toBe(true);
  });
});
