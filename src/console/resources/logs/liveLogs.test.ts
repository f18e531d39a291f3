import { describe, expect, it } from 'vitest';
import { buildLog } from '@/test/builders';
import { withLogIds } from '@/console/data/logRoutes';
import {
  initialLiveLog,
  LIVE_BUFFER_SIZE,
  liveLogReducer,
  mergeLive,
  unseenEntries,
  type LiveLogAction,
} from './liveLogs';

const at = (time: number, overrides = {}) => buildLog({ time, msg: `at ${time}`, ...overrides });
const play = (...actions: LiveLogAction[]) => actions.reduce(liveLogReducer, initialLiveLog);
const received = (entry = at(1)): LiveLogAction => ({ type: 'received', entry });

describe('liveLogReducer', () => {
  it('keeps received entries newest first', () => {
    const state = play(received(at(1)), received(at(2)));
    expect(state.shown.map((entry) => entry.time)).toEqual([2, 1]);
    expect(state.held).toEqual([]);
  });

  it('holds entries back while paused and shows them, on top, on resume', () => {
    const paused = play(received(at(1)), { type: 'pause' }, received(at(2)), received(at(3)));
    expect(paused.paused).toBe(true);
    expect(paused.shown.map((entry) => entry.time)).toEqual([1]);
    expect(paused.held.map((entry) => entry.time)).toEqual([3, 2]);
    const resumed = liveLogReducer(paused, { type: 'resume' });
    expect(resumed).toEqual({ shown: [at(3), at(2), at(1)], held: [], paused: false });
  });

  it(`keeps only the newest ${LIVE_BUFFER_SIZE} entries`, () => {
    const actions = Array.from({ length: LIVE_BUFFER_SIZE + 5 }, (_, i) => received(at(i)));
    const state = play(...actions);
    expect(state.shown).toHaveLength(LIVE_BUFFER_SIZE);
    expect(state.shown[0].time).toBe(LIVE_BUFFER_SIZE + 4);
  });
});

describe('unseenEntries', () => {
  it('drops entries of other levels and entries the page already holds', () => {
    const inPage = at(5);
    const warning = at(6, { level: 'Warning' });
    expect(unseenEntries([warning, inPage, at(7)], [inPage], 'All')).toEqual([warning, at(7)]);
    expect(unseenEntries([warning, inPage, at(7)], [inPage], 'Warning')).toEqual([warning]);
  });

  it('counts identical lines: each page entry stands for one pushed copy', () => {
    const line = at(5);
    expect(unseenEntries([line, line, line], [line], 'All')).toEqual([line, line]);
  });
});

describe('mergeLive', () => {
  const page = withLogIds([at(4), at(3), at(2)]);

  it('returns the page itself when nothing new matches', () => {
    expect(mergeLive([at(9, { level: 'Error' })], page, { level: 'Warning', perPage: 3 })).toBe(
      page,
    );
    expect(mergeLive([], page, { level: 'All', perPage: 3 })).toBe(page);
  });

  it('puts new entries on top, newest first, and cuts to the page size', () => {
    const merged = mergeLive([at(6), at(5)], page, { level: 'All', perPage: 4 });
    expect(merged.map((entry) => entry.time)).toEqual([6, 5, 4, 3]);
    expect(new Set(merged.map((entry) => entry.id)).size).toBe(4);
  });

  it('shows an entry once when the page was read again after it arrived', () => {
    const refetched = withLogIds([at(5), at(4), at(3)]);
    const merged = mergeLive([at(5)], refetched, { level: 'All', perPage: 3 });
    expect(merged).toBe(refetched);
  });

  it('gives identical lines distinct ids', () => {
    const merged = mergeLive([at(5), at(5)], page, { level: 'All', perPage: 5 });
    expect(merged.map((entry) => entry.time)).toEqual([5, 5, 4, 3, 2]);
    expect(new Set(merged.map((entry) => entry.id)).size).toBe(5);
  });
});
