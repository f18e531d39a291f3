/**
 * Team tokens (behaviour §4.3): a game owns an Ed25519 key pair; a team's token is
 * `{teamId}:{Base64 signature of "VEXIL_TEAM_{teamId}"}`. Ed25519 is deterministic, so the
 * token is stable per (game, team). Keys travel as Base64 of the raw 32-byte public key and the
 * raw 32-byte private seed. Pure: no I/O beyond node:crypto.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign as edSign,
  verify as edVerify,
} from 'node:crypto';

const KEY_BYTES = 32;
// DER prefixes wrapping a raw Ed25519 key into PKCS#8 (private seed) and SPKI (public key).
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface GameKeyPair {
  /** Base64 of the 32-byte raw public key. */
  publicKey: string;
  /** Base64 of the 32-byte private seed. */
  privateKey: string;
}

/** The message a team token signs. */
export function teamTokenMessage(teamId: number): Buffer {
  return Buffer.from(`VEXIL_TEAM_${teamId}`, 'utf8');
}

/** Decodes strict standard Base64 to exactly `length` bytes, or null. */
function decodeKey(base64: string, length: number): Buffer | null {
  if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  return bytes.length === length ? bytes : null;
}

/** Signs `VEXIL_TEAM_{teamId}` with the game's private seed; throws on a malformed seed. */
export function sign(privateKeySeedBase64: string, teamId: number): string {
  const seed = decodeKey(privateKeySeedBase64, KEY_BYTES);
  if (!seed) throw new Error('The private key must be Base64 of a 32-byte Ed25519 seed');
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const signature = edSign(null, teamTokenMessage(teamId), key);
  return `${teamId}:${signature.toString('base64')}`;
}

/** Splits `{teamId}:{signature}`; null when the prefix is not a non-negative integer. */
export function parseTeamToken(token: string): { teamId: number; signature: string } | null {
  if (typeof token !== 'string') return null;
  const colon = token.indexOf(':');
  if (colon <= 0) return null;
  const idText = token.slice(0, colon);
  if (!/^\d+$/.test(idText)) return null;
  const teamId = Number(idText);
  if (!Number.isSafeInteger(teamId)) return null;
  return { teamId, signature: token.slice(colon + 1) };
}

/** Whether `token` is a valid team token under the game's public key; never throws. */
export function verify(publicKeyBase64: string, token: string): boolean {
  const raw = decodeKey(publicKeyBase64, KEY_BYTES);
  const parsed = parseTeamToken(token);
  if (!raw || !parsed) return false;
  const signature = decodeKey(parsed.signature, 64);
  if (!signature) return false;
  try {
    const key = createPublicKey({
      key: Buffer.concat([SPKI_PREFIX, raw]),
      format: 'der',
      type: 'spki',
    });
    return edVerify(null, teamTokenMessage(parsed.teamId), key, signature);
  } catch {
    return false;
  }
}

/** Whether a Base64 text decodes to a 32-byte public key (the verify endpoint's 400 check). */
export function isPublicKey(publicKeyBase64: string): boolean {
  return decodeKey(publicKeyBase64, KEY_BYTES) !== null;
}

/** A fresh Ed25519 key pair as Base64 raw public key and Base64 raw seed. */
export function generateGameKeyPair(): GameKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    publicKey: spki.subarray(spki.length - KEY_BYTES).toString('base64'),
    privateKey: pkcs8.subarray(pkcs8.length - KEY_BYTES).toString('base64'),
  };
}
