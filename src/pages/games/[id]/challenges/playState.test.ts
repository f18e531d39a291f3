import { describe, expect, it } from 'vitest';
import { buildGameDetail } from '@/test/builders';
import { isPlaying, playState, untilPhaseChange } from './playState';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const running = { start: NOW - HOUR, end: NOW + HOUR };

describe('playState', () => {
  it('asks visitors to sign in first', () => {
    expect(playState(buildGameDetail({ ...running, status: 'Accepted' }), false, NOW)).toBe(
      'signed_out',
    );
  });

  it('tells a registration that is not accepted, whatever the clock says', () => {
    const cases = [
      ['Unsubmitted', 'not_joined'],
      ['Pending', 'pending'],
      ['Rejected', 'rejected'],
      ['Suspended', 'suspended'],
    ] as const;
    for (const [status, state] of cases) {
      expect(playState(buildGameDetail({ ...running, status }), true, NOW)).toBe(state);
    }
  });

  it('follows the clock for an accepted team', () => {
    const accepted = (start: number, end: number, practiceMode = false) =>
      buildGameDetail({ start, end, practiceMode, status: 'Accepted' });
    expect(playState(accepted(NOW + 1, NOW + HOUR), true, NOW)).toBe('not_started');
    expect(playState(accepted(NOW, NOW + HOUR), true, NOW)).toBe('running');
    expect(playState(accepted(NOW - HOUR, NOW), true, NOW)).toBe('running');
    expect(playState(accepted(NOW - HOUR, NOW - 1), true, NOW)).toBe('ended');
    expect(playState(accepted(NOW - HOUR, NOW - 1, true), true, NOW)).toBe('practice');
  });

  it('plays only while running or in practice', () => {
    expect(isPlaying('running')).toBe(true);
    expect(isPlaying('practice')).toBe(true);
    expect(isPlaying('ended')).toBe(false);
  });

  it('knows when the state may change next', () => {
    expect(untilPhaseChange(buildGameDetail({ start: NOW + 10, end: NOW + 20 }), NOW)).toBe(11);
    expect(untilPhaseChange(buildGameDetail({ start: NOW - 10, end: NOW + 20 }), NOW)).toBe(21);
    expect(untilPhaseChange(buildGameDetail({ start: NOW - 20, end: NOW - 10 }), NOW)).toBe(
      undefined,
    );
    expect(
      untilPhaseChange(buildGameDetail({ start: NOW + 100 * 24 * HOUR, end: NOW + 200 }), NOW),
    ).toBe(2 ** 31 - 1);
  });
});
