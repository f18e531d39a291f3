// The hubs' one clock: pings, client timeouts and handshake timeouts of every connection, decided
// on a pass from the times each connection notes (a fake clock; no timer is waited for).
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMING } from '#server/plugins/hubs/connection.js';
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

function connection(phase: TimedConnection['phase'], at: number) {
  const events: string[] = [];
  const timed: FakeConnection = {
    phase,
    openedAt: at,
    lastReceivedAt: at,
    lastPingAt: at,
    events,
    ping: () => events.push('ping'),
    close: (error) => events.push(`close: ${error}`),
  };
  return timed;
}

describe('hub clock', () => {
  const timing = { ...DEFAULT_TIMING, keepAliveMs: 15_000, clientTimeoutMs: 30_000 };

  it('pings an open connection each keep-alive interval, counted from its own last ping', () => {
    let now = 0;
    const clock = new HubClock(timing, () => now);
    const early = connection('open', 0);
    const late = connection('open', 10_000);
    clock.add(early);
    clock.add(late);
    now = 14_999;
    clock.pass();
    expect([early.events, late.events]).toEqual([[], []]);
    now = 15_000;
    early.lastReceivedAt = late.lastReceivedAt = now;
    clock.pass();
    expect([early.events, late.events]).toEqual([['ping'], []]);
    now = 25_000;
    clock.pass();
    expect([early.events, late.events]).toEqual([['ping'], ['ping']]);
    clock.stop();
  });

  it('closes a connection whose client stays silent past the client timeout', () => {
    let now = 0;
    const clock = new HubClock(timing, () => now);
    const silent = connection('open', 0);
    const talking = connection('open', 0);
    clock.add(silent);
    clock.add(talking);
    now = 29_000;
    talking.lastReceivedAt = now;
    now = 30_000;
    clock.pass();
    expect(silent.events).toEqual([`close: ${CLIENT_TIMEOUT}`]);
    expect(talking.events).toEqual(['ping']);
    clock.stop();
  });

  it('closes a connection without a handshake past the handshake timeout, and nothing else', () => {
    let now = 0;
    const clock = new HubClock({ ...timing, handshakeTimeoutMs: 100 }, () => now);
    const waiting = connection('handshake', 0);
    const admitting = connection('admitting', 0);
    clock.add(waiting);
    clock.add(admitting);
    now = 99;
    clock.pass();
    expect(waiting.events).toEqual([]);
    now = 100;
    clock.pass();
    expect(waiting.events).toEqual([`close: ${HANDSHAKE_TIMEOUT}`]);
    expect(admitting.events).toEqual([]);
    clock.stop();
  });
});
