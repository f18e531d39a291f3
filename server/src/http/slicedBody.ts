/**
 * A large answer sent in slices, at most one per connection in each turn of the event loop.
 * Handing Node a 1.7-MB scoreboard in one write makes the turn that writes it to fifty readers
 * long: a bare node:http server measured here (bench/slicedWrites.ts: 50 connections, 1.7 MB
 * each) had an event-loop delay p99 of 19–31 ms writing whole bodies and 6–12 ms writing 256-KB
 * slices, at about the same answers per second. Other requests (flag submissions) wait less behind a burst of board reads.
 */
import { Readable } from 'node:stream';

/** Bodies above this are sliced; smaller ones (every compressed board of 1,000 teams) are not. */
export const SLICE_BYTES = 256 * 1024;

export function slicedBody(body: Buffer, slice = SLICE_BYTES): Readable {
  let at = 0;
  return new Readable({
    highWaterMark: slice,
    read() {
      if (at >= body.length) {
        this.push(null);
        return;
      }
      const chunk = body.subarray(at, Math.min(body.length, at + slice));
      at += chunk.length;
      // the next slice in a later turn, after whatever else is waiting
      setImmediate(() => this.push(chunk));
    },
  });
}
