/**
 * Repeatable randomness for the event benchmark: a small seeded generator (the seed and the load
 * make the same choices run after run) and a Zipf sampler for challenge popularity (a few
 * challenges draw most submissions, as in a real event).
 */

export type Random = () => number;

/** mulberry32: a fast 32-bit generator; answers floats in [0, 1). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
export const randomIndex = (random: Random, n: number): number => Math.floor(random() * n);

/** Samples ranks 0 … n-1 with probability ∝ 1 / (rank + 1)^exponent. */
export function zipfSampler(n: number, exponent: number): (random: Random) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= n; rank++) {
    total += 1 / rank ** exponent;
    cumulative.push(total);
  }
  return (random) => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** Random lower-case hex of `length` characters (flags and wrong answers). */
export function randomHex(random: Random, length: number): string {
  let text = '';
  while (text.length < length) text += Math.floor(random() * 0x100000000).toString(16);
  return text.slice(0, length);
}
