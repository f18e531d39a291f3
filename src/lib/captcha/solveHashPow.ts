/**
 * Solves a Hash-PoW challenge in a Web Worker (so the page stays responsive), or on the main
 * thread in small slices where workers are unavailable (tests, old browsers).
 */
import { randomWord, solveRange } from './hashPow';
import type { SolveRequest, SolveResponse } from './hashPow.worker';

const SLICE = 20_000;

function abortError(): Error {
  return new DOMException('The captcha was abandoned', 'AbortError');
}

function solveInSlices(request: SolveRequest, signal?: AbortSignal): Promise<string> {
  const prefix = randomWord();
  let start = randomWord();
  return new Promise((resolve, reject) => {
    const step = () => {
      if (signal?.aborted) return reject(abortError());
      try {
        const nonce = solveRange(request.challenge, request.difficulty, {
          prefix,
          start,
          count: SLICE,
        });
        if (nonce) return resolve(nonce);
      } catch (error) {
        return reject(error);
      }
      start = (start + SLICE) >>> 0;
      setTimeout(step, 0);
    };
    step();
  });
}

export function solveHashPow(request: SolveRequest, signal?: AbortSignal): Promise<string> {
  if (typeof Worker === 'undefined') return solveInSlices(request, signal);
  const worker = new Worker(new URL('./hashPow.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<string>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(abortError());
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<SolveResponse>) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      if ('nonce' in event.data) resolve(event.data.nonce);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'The captcha worker failed'));
    };
    worker.postMessage(request);
  });
}
