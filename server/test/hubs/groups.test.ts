// The hubs' groups (one bus listener per group and screen, a message screened and encoded once,
// handed over in order and in batches) and their batches (per-viewer bytes, joined once).
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#server/domain/sessionUser.js';
import { Batch, EVERYONE, NOBODY, type ViewerCheck } from '#server/plugins/hubs/batch.js';
import { HubGroups, type MessageScreen } from '#server/plugins/hubs/groups.js';
import { LocalRealtimeBus } from '#server/services/realtime.js';
import { busListeners } from './support.js';

const admin = { id: 'a', userName: 'admin', role: 'Admin' } as SessionUser;
const staffOnly: ViewerCheck = (viewer) => viewer?.role === 'Admin';

/** A member recording the bytes it would send to a viewer, one entry per batch. */
function recorder(viewer: SessionUser | null = null) {
  const sent: string[] = [];
  return {
    sent,
    deliver: (batch: Batch) => {
      const bytes = batch.bytesFor(viewer);
      if (bytes) sent.push(bytes.toString());
    },
  };
}

const notice = (id: number) => `"target":"ReceivedGameNotice","arguments":[{"id":${id}}]`;
/** Settles what is queued: screens answered, batches handed over. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('hub groups', () => {
  it('subscribe once per group and screen, and leave the bus when the last member leaves', () => {
    const bus = new LocalRealtimeBus();
    const groups = new HubGroups(bus);
    const screen: MessageScreen = async () => EVERYONE;
    const memberships = [1, 2, 3].map(() => groups.join('game:1', screen, recorder()));
    const other = groups.join('game:1', null, recorder());
    expect(busListeners(bus, 'game:1')).toBe(2);
    expect(groups.members('game:1')).toBe(4);
    for (const membership of [...memberships, other]) membership.leave();
    other.leave(); // leaving twice changes nothing
    expect(busListeners(bus, 'game:1')).toBe(0);
    expect(groups.members('game:1')).toBe(0);
  });

  it('screens a message once for all members and sends each the same bytes', async () => {
    const bus = new LocalRealtimeBus();
    const groups = new HubGroups(bus);
    let screened = 0;
    const screen: MessageScreen = async () => {
      screened++;
      return EVERYONE;
    };
    const members = [recorder(), recorder(), recorder()];
    for (const member of members) groups.join('game:1', screen, member);
    bus.publish('game:1', 'ReceivedGameNotice', { id: 1 });
    await turn();
    expect(screened).toBe(1);
    for (const member of members) expect(member.sent).toEqual([expect.stringContaining(notice(1))]);
  });

  it('keeps the order of publication when later screens answer first', async () => {
    const bus = new LocalRealtimeBus();
    const groups = new HubGroups(bus);
    const answers: ((check: ViewerCheck) => void)[] = [];
    const screen: MessageScreen = () => new Promise((resolve) => answers.push(resolve));
    const member = recorder();
    const membership = groups.join('game:1', screen, member);
    bus.publish('game:1', 'ReceivedGameNotice', { id: 1 });
    bus.publish('game:1', 'ReceivedGameNotice', { id: 2 });
    bus.publish('game:1', 'ReceivedGameNotice', { id: 3 });
    answers[2](EVERYONE);
    answers[1](EVERYONE);
    await turn();
    expect(member.sent).toEqual([]);
    const idle = membership.idle();
    answers[0](EVERYONE);
    await idle;
    // The three were due together: one WebSocket message with three records, in order.
    expect(member.sent).toHaveLength(1);
    const records = member.sent[0].split('\x1e').filter(Boolean);
    expect(records.map((record) => JSON.parse(record).arguments[0].id)).toEqual([1, 2, 3]);
  });

  it('hands a batch over in slices, the event loop turning between them, and keeps the order', async () => {
    const bus = new LocalRealtimeBus();
    const groups = new HubGroups(bus);
    const members = Array.from({ length: 200 }, () => recorder());
    // The 64th member holds the loop past a slice's budget: the batch must yield after it.
    const slow = members[63];
    const deliver = slow.deliver;
    slow.deliver = (batch) => {
      const until = performance.now() + 15;
      while (performance.now() < until);
      deliver(batch);
    };
    const memberships = members.map((member) => groups.join('admin', null, member));
    bus.publish('admin', 'ReceivedLog', { id: 1 });
    await Promise.resolve();
    await Promise.resolve();
    expect(members[0].sent).toHaveLength(1);
    expect(members[199].sent).toHaveLength(0);
    // Published while the first batch is out: it follows it, for every member.
    bus.publish('admin', 'ReceivedLog', { id: 2 });
    await Promise.all(memberships.map((membership) => membership.idle()));
    for (const member of members) {
      const ids = member.sent.map((bytes) => JSON.parse(bytes.split('\x1e')[0]).arguments[0].id);
      expect(ids).toEqual([1, 2]);
    }
  });

  it('withholds a message whose screen fails, and not the next ones', async () => {
    const bus = new LocalRealtimeBus();
    const groups = new HubGroups(bus);
    let calls = 0;
    const screen: MessageScreen = async () => {
      if (++calls === 1) throw new Error('database down');
      return EVERYONE;
    };
    const member = recorder();
    const membership = groups.join('game:1', screen, member);
    bus.publish('game:1', 'ReceivedGameNotice', { id: 1 });
    await membership.idle();
    bus.publish('game:1', 'ReceivedGameNotice', { id: 2 });
    await turn();
    await membership.idle();
    expect(member.sent).toEqual([expect.stringContaining(notice(2))]);
  });
});

describe('hub batches', () => {
  const entry = (id: number, check: ViewerCheck) => ({
    frame: Buffer.from(`{"id":${id}}\x1e`),
    check,
  });

  it('give each viewer the frames it may have, joined once per selection', () => {
    const batch = new Batch([entry(1, EVERYONE), entry(2, staffOnly), entry(3, NOBODY)]);
    const forAdmin = batch.bytesFor(admin);
    expect(forAdmin?.toString()).toBe('{"id":1}\x1e{"id":2}\x1e');
    expect(batch.bytesFor(admin)).toBe(forAdmin);
    expect(batch.bytesFor(null)?.toString()).toBe('{"id":1}\x1e');
  });

  it('send a single frame as it is, or nothing', () => {
    const only = entry(1, staffOnly);
    const batch = new Batch([only]);
    expect(batch.bytesFor(admin)).toBe(only.frame);
    expect(batch.bytesFor(null)).toBeNull();
  });
});
