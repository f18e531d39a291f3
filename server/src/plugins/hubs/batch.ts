/**
 * The messages a group hands its connections at once, each encoded once (protocol.ts) with the
 * decision of who may have it. A connection asks for the bytes its viewer may have: the frames it
 * passes, joined into one WebSocket message (SignalR clients read every record of a message), so
 * a socket gets one write however many messages were due together. The joined bytes are made
 * once per distinct selection and shared by every connection with that selection: the common
 * case, every receiver gets everything, costs one check per socket and no copy.
 */
import type { SessionUser } from '../../domain/sessionUser.js';

/** Who may have a message, decided once for the whole group (null: signed out). */
export type ViewerCheck = (viewer: SessionUser | null) => boolean;

/** Anyone may have it. */
export const EVERYONE: ViewerCheck = () => true;
/** Nobody may (a message withheld, e.g. while its game cannot be read). */
export const NOBODY: ViewerCheck = () => false;

export interface BatchEntry {
  frame: Buffer;
  check: ViewerCheck;
}

export class Batch {
  /** Joined bytes by selection (`'101'`: the first and third frames), made on first use. */
  private readonly joined = new Map<string, Buffer | null>();

  /** When the batch was handed over (epoch ms). */
  readonly at = Date.now();

  constructor(private readonly entries: readonly BatchEntry[]) {}

  /** The frames `viewer` may have, as one Buffer, or null for none. */
  bytesFor(viewer: SessionUser | null): Buffer | null {
    const { entries } = this;
    if (entries.length === 1) return entries[0].check(viewer) ? entries[0].frame : null;
    let selection = '';
    for (const entry of entries) selection += entry.check(viewer) ? '1' : '0';
    let bytes = this.joined.get(selection);
    if (bytes === undefined) {
      const frames = entries.filter((_, i) => selection[i] === '1').map((entry) => entry.frame);
      bytes = frames.length === 0 ? null : frames.length === 1 ? frames[0] : Buffer.concat(frames);
      this.joined.set(selection, bytes);
    }
    return bytes;
  }
}
