/**
 * Hash-PoW captcha solver (pure, no I/O): find an 8-byte nonce A such that
 * SHA-256(C ‖ A) starts with at least `difficulty` zero bits, C being the challenge's 8 bytes
 * (hex-decoded). The answer sent to the server is `{id}:{hex(A)}` (16 lower-case hex characters).
 *
 * Nonces are 4 random bytes followed by a 4-byte big-endian counter. SHA-256 is computed here on
 * the single 64-byte block a 16-byte message needs, which is much faster than one Web Crypto call
 * per attempt.
 */

// prettier-ignore
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const w = new Uint32Array(64);
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 compression of one 16-word block into `state` (8 words, updated in place). */
function compress(state: Uint32Array, block: Uint32Array): void {
  w.set(block);
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15];
    const b = w[i - 2];
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  let [a, b, c, d, e, f, g, h] = state;
  for (let i = 0; i < 64; i++) {
    const t1 =
      (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

/** SHA-256 of any byte string (used by tests and for checking an answer). */
export function sha256(bytes: Uint8Array): Uint8Array {
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, bytes.length * 8);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
  const state = Uint32Array.from(INITIAL);
  const block = new Uint32Array(16);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) block[i] = view.getUint32(offset + i * 4);
    compress(state, block);
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  state.forEach((word, i) => outView.setUint32(i * 4, word));
  return out;
}

/** Number of leading zero bits, from the most significant bit of byte 0. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error(`Not a hex string: ${hex}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const hexWord = (word: number) => (word >>> 0).toString(16).padStart(8, '0');

export interface SolveRange {
  /** The nonce's first 4 bytes, as a big-endian word. */
  prefix: number;
  /** First counter value (the nonce's last 4 bytes) to try. */
  start: number;
  /** How many counter values to try. */
  count: number;
}

/**
 * Tries `count` nonces `prefix ‖ counter` from `start` and returns the first good one as 16 hex
 * characters, or null. The challenge must be 8 bytes (16 hex characters).
 */
export function solveRange(
  challengeHex: string,
  difficulty: number,
  range: SolveRange,
): string | null {
  const c = hexToBytes(challengeHex);
  if (c.length !== 8) throw new Error('A Hash-PoW challenge has 8 bytes');
  const view = new DataView(c.buffer);
  // One block: C (2 words) ‖ A (2 words) ‖ 0x80 padding ‖ zeros ‖ length = 128 bits.
  const block = new Uint32Array(16);
  block[0] = view.getUint32(0);
  block[1] = view.getUint32(4);
  block[2] = range.prefix >>> 0;
  block[4] = 0x80000000;
  block[15] = 128;
  const state = new Uint32Array(8);
  for (let i = 0; i < range.count; i++) {
    const counter = (range.start + i) >>> 0;
    block[3] = counter;
    state.set(INITIAL);
    compress(state, block);
    let zeros = Math.clz32(state[0]);
    if (zeros === 32) zeros += Math.clz32(state[1]);
    if (zeros === 64) zeros += Math.clz32(state[2]);
    if (zeros >= difficulty) return hexWord(range.prefix) + hexWord(counter);
  }
  return null;
}

/** The captcha answer for the API's `challenge` field. */
export const hashPowAnswer = (id: string, nonceHex: string) => `${id}:${nonceHex}`;

/** True when `nonceHex` solves the challenge (what the server checks). */
export function verifyNonce(challengeHex: string, difficulty: number, nonceHex: string): boolean {
  const message = new Uint8Array(16);
  message.set(hexToBytes(challengeHex));
  message.set(hexToBytes(nonceHex), 8);
  return leadingZeroBits(sha256(message)) >= difficulty;
}

/** A random 32-bit value (nonce prefix or counter start). */
export function randomWord(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}
