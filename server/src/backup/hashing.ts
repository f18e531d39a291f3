import type { Hash } from 'node:crypto';
import { Transform } from 'node:stream';

/** Passes bytes through unchanged, feeding them to `hash` on the way. */
export function hashing(hash: Hash): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
}
