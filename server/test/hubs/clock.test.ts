// The hubs' one clock: pings, client timeouts and handshake timeouts of every connection, decided
// on a pass from the times each connection notes (a fake clock; no timer is waited for).
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMING } from '#server/plugins/hubs/timing.js';
import {
  CLIENT_TIMEOUT,
  HANDSHAKE_TIMEOUT,
  HubClock,
  type TimedConnection,
} from '#server/plugins/hubs/keepAlive.js';

/** A connection whose times the test moves, recording what the clock did to it. */
type FakeConnection = { -readonly [K in keyof TimedConnection]: TimedConnection[K] } & {
  events: string[];
};

const timing = { ...DEFAULT_TIMING, keepAliveMs: 15_000, clientTimeoutMs: 30_000 };

function fakeClock(options = timing) {
  const time = { now: 0 };
  const clock = new HubClock(options, () => time.now);
  const connection = (phase: TimedConnection['phase'], at: number): FakeConnection => {
    const fake: FakeConnection = {
      phase,
      openedAt: at,
      lastReceivedAt: at,
      lastSentAt: at,
      events: [],
      ping: () => {
        fake.events.push('ping');
        fake.lastSentAt = time.now;
      },
      close: (error) => fake.events.push(`close: ${error}`),
    };
    clock.add(fake);
    return fake;
  };
  return { time, clock, connection };
}

describe('hub clock', () => {
  it('pings a connection sent nothing for a keep-alive interval, and only then', () => {
    const { time, clock, connection } = fakeClock();
    const early = connection('open', 0);
    const late = connection('open', 10_000);
    const busy = connection('open', 0);
    time.now = 14_999;
    clock.pass();
    expect([early.events, late.events, busy.events]).toEqual([[], [], []]);
    // A message went to `busy` meanwhile: it needs no ping.
    busy.lastSentAt = 12_000;
    time.now = 15_000;
    for (const c of [early, late, busy]) c.lastReceivedAt = time.now;
    clock.pass();
    expect([early.events, late.events, busy.events]).toEqual([['ping'], [], []]);
    time.now = 25_000;
    clock.pass();
    expect([early.events, late.events, busy.events]).toEqual([['ping'], ['ping'], []]);
    time.now = 30_000;
    for (const c of [early, late, busy]) c.lastReceivedAt = time.now;
    clock.pass();
    // Nothing more went to `busy` after 12 s: pinged at 30 s.
    expect([early.events, late.events, busy.events]).toEqual([
      ['ping', 'ping'],
      ['ping'],
      ['ping'],
    ]);
    clock.stop();
  });

  it('closes a connection whose client stays silent past the client timeout', () => {
    const { time, clock, connection } = fakeClock();
    const silent = connection('open', 0);
    const talking = connection('open', 0);
    talking.lastReceivedAt = 29_000;
    time.now = 30_000;
    clock.pass();
    expect(silent.events).toEqual([`close: ${CLIENT_TIMEOUT}`]);
    expect(talking.events).toEqual(['ping']);
    clock.stop();
  });

  it('closes a connection without a handshake past the handshake timeout, and nothing else', () => {
    const { time, clock, connection } = fakeClock({ ...timing, handshakeTimeoutMs: 100 });
    const waiting = connection('handshake', 0);
    const admitting = connection('admitting', 0);
    time.now = 99;
    clock.pass();
    expect(waiting.events).toEqual([]);
    time.now = 100;
    clock.pass();
    expect(waiting.events).toEqual([`close: ${HANDSHAKE_TIMEOUT}`]);
    expect(admitting.events).toEqual([]);
    clock.stop();
  });
});
