/**
 * Web Worker that solves a Hash-PoW challenge off the main thread.
 * In: `{ challenge, difficulty }`. Out: `{ nonce }` (16 hex characters) or `{ error }`.
 */
import { randomWord, solveRange } from './hashPow';

export interface SolveRequest {
  challenge: string;
  difficulty: number;
}

export type SolveResponse = { nonce: string } | { error: string };

const BATCH = 1 << 20;

function solve({ challenge, difficulty }: SolveRequest): string {
  for (;;) {
    // A fresh random prefix per 2^32 counters, so the search never repeats itself.
    const prefix = randomWord();
    const first = randomWord();
    for (let done = 0; done < 2 ** 32; done += BATCH) {
      const nonce = solveRange(challenge, difficulty, {
        prefix,
        start: (first + done) >>> 0,
        count: BATCH,
      });
      if (nonce) return nonce;
    }
  }
}

self.onmessage = (event: MessageEvent<SolveRequest>) => {
  let response: SolveResponse;
  try {
    response = { nonce: solve(event.data) };
  } catch (error) {
    response = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(response);
};
