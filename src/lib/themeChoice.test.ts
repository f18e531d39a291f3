import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOUR } from './theme';
import { baseColourOf, readThemePreference, writeThemePreference } from './themeChoice';

describe('theme choice', () => {
  beforeEach(() => localStorage.clear());

  it('is Managed by default and follows the server colour', () => {
    expect(readThemePreference()).toEqual({ choice: 'managed', customColour: '' });
    expect(baseColourOf(readThemePreference(), '#123456')).toBe('#123456');
  });

  it('uses our default when the server colour is missing or invalid', () => {
    expect(baseColourOf({ choice: 'managed', customColour: '' }, null)).toBe(DEFAULT_THEME_COLOUR);
    expect(baseColourOf({ choice: 'managed', customColour: '' }, '#12345')).toBe(
      DEFAULT_THEME_COLOUR,
    );
  });

  it('Default ignores the server colour', () => {
    expect(baseColourOf({ choice: 'default', customColour: '' }, '#123456')).toBe(
      DEFAULT_THEME_COLOUR,
    );
  });

  it('Custom uses a valid #rrggbb colour, else falls back to the managed theme', () => {
    expect(baseColourOf({ choice: 'custom', customColour: '#abcdef' }, '#123456')).toBe('#abcdef');
    for (const bad of ['abcdef', '#abcdeg', '#abc', '#abcdef0', ' #abcdef'])
      expect(baseColourOf({ choice: 'custom', customColour: bad }, '#123456')).toBe('#123456');
  });

  it('persists the choice and the colour', () => {
    writeThemePreference({ choice: 'custom', customColour: '#00ff00' });
    expect(readThemePreference()).toEqual({ choice: 'custom', customColour: '#00ff00' });
    localStorage.setItem('themeChoice', 'neon');
    expect(readThemePreference().choice).toBe('managed');
  });
});
