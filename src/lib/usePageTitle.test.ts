import { describe, expect, it } from 'vitest';
import { formatPageTitle } from './usePageTitle';

describe('formatPageTitle', () => {
  it('is "<page> - <title> CTF"', () => {
    expect(formatPageTitle('Demo', 'Scoreboard')).toBe('Scoreboard - Demo CTF');
  });

  it('is "<title> CTF" without a page', () => {
    expect(formatPageTitle('Demo')).toBe('Demo CTF');
  });
});
