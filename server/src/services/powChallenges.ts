/**
 * Hash-PoW challenges issued and not yet used, kept in memory: each lives 5 minutes after it was
 * issued or last tried (sliding), and is gone once solved. The store is bounded: when full, the
 * expired ones go first, then the oldest.
 */
import { randomBytes } from 'node:crypto';
import { isPowSolution, parsePowAnswer, POW_CHALLENGE_BYTES } from '../domain/hashPow.js';

export const POW_CHALLENGE_TTL_MS = 5 * 60 * 1000;
const DEFAULT_CAPACITY = 100_000;

export interface PowChallenge {
  id: string;
  challenge: string;
  difficulty: number;
}

interface Entry {
  bytes: Buffer;
  expiresAt: number;
}

export class PowChallengeStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly difficulty: number,
    private readonly clock: () => number = Date.now,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  issue(): PowChallenge {
    this.makeRoom();
    const id = randomBytes(6).toString('hex');
    const bytes = randomBytes(POW_CHALLENGE_BYTES);
    this.entries.set(id, { bytes, expiresAt: this.clock() + POW_CHALLENGE_TTL_MS });
    return { id, challenge: bytes.toString('hex'), difficulty: this.difficulty };
  }

  /** Checks an answer `{id}:{nonce hex}`: true consumes the challenge; a wrong answer keeps it
   *  (and renews its lifetime); malformed, unknown or expired answers are false. */
  verify(answer: string | null | undefined): boolean {
    const parsed = parsePowAnswer(answer);
    if (!parsed) return false;
    const entry = this.entries.get(parsed.id);
    const now = this.clock();
    if (!entry) return false;
    if (entry.expiresAt <= now) {
      this.entries.delete(parsed.id);
      return false;
    }
    if (isPowSolution(entry.bytes, parsed.nonce, this.difficulty)) {
      this.entries.delete(parsed.id);
      return true;
    }
    entry.expiresAt = now + POW_CHALLENGE_TTL_MS;
    return false;
  }

  private makeRoom(): void {
    if (this.entries.size < this.capacity) return;
    const now = this.clock();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
    for (const id of this.entries.keys()) {
      if (this.entries.size < this.capacity) break;
      this.entries.delete(id);
    }
  }
}
