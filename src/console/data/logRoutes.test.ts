import { describe, expect, it } from 'vitest';
import { buildLog } from '@/test/builders';
import { levelFilterOf, matchesLevel, withLogIds } from './logRoutes';

describe('levelFilterOf', () => {
  it('keeps a level the API knows and reads anything else as All', () => {
    expect(levelFilterOf({ level: 'Fatal' })).toBe('Fatal');
    expect(levelFilterOf({ level: 'All' })).toBe('All');
    expect(levelFilterOf({ level: 'Debug' })).toBe('All');
    expect(levelFilterOf({})).toBe('All');
    expect(levelFilterOf(undefined)).toBe('All');
  });
});

describe('matchesLevel', () => {
  it('keeps every entry for All, else the exact level', () => {
    const warning = buildLog({ level: 'Warning' });
    expect(matchesLevel(warning, 'All')).toBe(true);
    expect(matchesLevel(warning, 'Warning')).toBe(true);
    expect(matchesLevel(warning, 'Error')).toBe(false);
  });
});

describe('withLogIds', () => {
  it('gives the same entries the same ids, and repeated lines distinct ones', () => {
    const line = buildLog();
    const other = buildLog({ msg: 'Other' });
    const ids = withLogIds([line, other, line]).map((record) => record.id);
    expect(new Set(ids).size).toBe(3);
    expect(withLogIds([line, other, line]).map((record) => record.id)).toEqual(ids);
    expect(withLogIds([other])[0].id).toBe(ids[1]);
  });
});
