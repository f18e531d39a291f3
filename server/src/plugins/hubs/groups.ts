/**
 * The hubs' side of the realtime bus: one subscription per group and screen on this instance,
 * however many connections are in it, instead of one per connection. A message of the group is
 * encoded once (protocol.ts), screened once (the hub's `screen`: e.g. the players' hub reads the
 * game once to decide whether, and to whom, the message may go), and then handed to every member
 * in one synchronous pass, which filters it for its own viewer (batch.ts) and writes the same
 * bytes to its socket. Before this, each connection subscribed on its own and decided and encoded
 * through its own chain of promises: with 10,000 sockets a message cost tens of thousands of
 * promises and strings, and garbage the heap kept growing with (bench/README.md, hubs).
 *
 * Messages keep their order: a message waits for the screens of those before it, and the messages
 * whose turn has come are handed over together, in one batch, at the end of the task that made
 * them ready (a microtask), so a socket gets one write for all of them. A screen that fails
 * withholds its message from everyone (fail closed, as the REST reads would refuse).
 *
 * A batch goes out in slices of about SLICE_MS, the event loop turning between them: a write to
 * a socket costs 10–20 µs of system time, so 10,000 sockets hold the loop for 100–200 ms, and on
 * a starved CPU for seconds. Unsliced, requests waited that long, and a Redis connection that
 * had sent a command (the bus's publish of that very message to the other instances) saw its
 * answer only after its 1-s socket timeout had fired, dropped itself, and lost the messages
 * published while it reconnected (measured: bench/README.md, hubs, 30,000 sockets on three
 * instances). Messages that become due meanwhile wait for the batch under way and go out in the
 * next one, together.
 */
import type { HubMessage, RealtimeBus } from '../../services/realtime.js';
import { Batch, EVERYONE, NOBODY, type BatchEntry, type ViewerCheck } from './batch.js';
import { invocationFrame } from './protocol.js';

/**
 * Decides, once per message for every connection of a group, who may have it. A hub hands the
 * same screen to every connection that should share it (the players' hub: one per game), so that
 * they share its decision.
 */
export type MessageScreen = (message: HubMessage) => Promise<ViewerCheck>;

/** A connection as the group sees it. */
export interface GroupMember {
  /** The messages due now, in order; the member filters them for its viewer and sends them. */
  deliver(batch: Batch): void;
}

/** How long a slice of a batch's sends may hold the event loop. */
const SLICE_MS = 10;
/** Members served between two looks at the clock. */
const CLOCK_EVERY = 64;

interface Pending extends BatchEntry {
  ready: boolean;
}

/** A member's place in a group. */
export interface Membership {
  leave(): void;
  /** Settles once every message the group has received so far has been handed over (tests). */
  idle(): Promise<void>;
}

class GroupFanout {
  readonly members = new Set<GroupMember>();
  private readonly queue: Pending[] = [];
  private scheduled = false;
  /** A batch is going out, slice by slice. */
  private sending = false;
  private waiting: (() => void)[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    bus: RealtimeBus,
    group: string,
    private readonly screen: MessageScreen | null,
  ) {
    this.unsubscribe = bus.subscribe(group, (message) => this.receive(message));
  }

  close(): void {
    this.unsubscribe();
    this.queue.length = 0;
    this.wake();
  }

  idle(): Promise<void> {
    if (this.queue.length === 0 && !this.sending) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  private receive(message: HubMessage): void {
    const entry: Pending = {
      frame: invocationFrame(message),
      check: EVERYONE,
      ready: !this.screen,
    };
    this.queue.push(entry);
    if (!this.screen) return this.schedule();
    this.screen(message).then(
      (check) => this.settle(entry, check),
      () => this.settle(entry, NOBODY),
    );
  }

  private settle(entry: Pending, check: ViewerCheck): void {
    entry.check = check;
    entry.ready = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  /** Hands the messages whose turn has come to every member, as one batch. */
  private drain(): void {
    if (this.sending) return;
    let due = 0;
    while (due < this.queue.length && this.queue[due].ready) due++;
    if (due === 0) return;
    const batch = new Batch(this.queue.splice(0, due));
    // The members as the batch starts: one who joins meanwhile was not there when it was sent.
    this.sending = true;
    this.sendFrom(batch, [...this.members], 0);
  }

  private sendFrom(batch: Batch, members: GroupMember[], from: number): void {
    const until = performance.now() + SLICE_MS;
    let next = from;
    while (next < members.length) {
      members[next++].deliver(batch);
      if (next % CLOCK_EVERY === 0 && performance.now() >= until) break;
    }
    if (next < members.length) {
      setImmediate(() => this.sendFrom(batch, members, next));
      return;
    }
    this.sending = false;
    this.drain();
    if (this.queue.length === 0 && !this.sending) this.wake();
  }
}

/** The groups of this instance's hub connections (`app.hubs.groups`). */
export class HubGroups {
  private readonly fanouts = new Map<string, Map<MessageScreen | null, GroupFanout>>();

  constructor(private readonly bus: RealtimeBus) {}

  /** Adds the member to the group (its messages screened by `screen`) until it leaves. */
  join(group: string, screen: MessageScreen | null, member: GroupMember): Membership {
    let byScreen = this.fanouts.get(group);
    if (!byScreen) this.fanouts.set(group, (byScreen = new Map()));
    let fanout = byScreen.get(screen);
    if (!fanout) byScreen.set(screen, (fanout = new GroupFanout(this.bus, group, screen)));
    fanout.members.add(member);
    let joined = true;
    return {
      leave: () => {
        if (!joined) return;
        joined = false;
        fanout.members.delete(member);
        if (fanout.members.size > 0) return;
        fanout.close();
        byScreen.delete(screen);
        if (byScreen.size === 0) this.fanouts.delete(group);
      },
      idle: () => fanout.idle(),
    };
  }

  /** Connections of this instance in the group (tests, diagnostics). */
  members(group: string): number {
    let count = 0;
    for (const fanout of this.fanouts.get(group)?.values() ?? []) count += fanout.members.size;
    return count;
  }
}
