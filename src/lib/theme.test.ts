import { beforeEach, describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { contrastRatio } from './palette';
import {
  COLOR_SCHEME_KEY,
  createAppTheme,
  DEFAULT_THEME_COLOUR,
  readColorScheme,
  resolveMode,
  resolveThemeColour,
  writeColorScheme,
} from './theme';

describe('colour scheme', () => {
  beforeEach(() => localStorage.clear());

  it('is dark by default', () => {
    expect(readColorScheme()).toBe('dark');
  });

  it('is kept in localStorage', () => {
    writeColorScheme('light');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
    expect(readColorScheme()).toBe('light');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'sepia');
    expect(readColorScheme()).toBe('dark');
  });

  it('resolves auto from the system preference', () => {
    expect(resolveMode('auto', true)).toBe('dark');
    expect(resolveMode('auto', false)).toBe('light');
    expect(resolveMode('light', true)).toBe('light');
  });
});

describe('theme colour', () => {
  it('uses a valid managed colour and ignores anything else', () => {
    expect(resolveThemeColour('#123abc')).toBe('#123abc');
    expect(resolveThemeColour('#123abcd')).toBe(DEFAULT_THEME_COLOUR);
    expect(resolveThemeColour('blue')).toBe(DEFAULT_THEME_COLOUR);
    expect(resolveThemeColour(null)).toBe(DEFAULT_THEME_COLOUR);
  });

  it('builds the primary colour and the 10 shades from it', () => {
    const theme = createAppTheme('dark', '#123abc');
    expect(theme.palette.mode).toBe('dark');
    expect(theme.palette.brand).toHaveLength(10);
    expect(theme.palette.brand).toContain('#123abc');
    // the base is too dark for text on dark paper: the nearest lighter shade that reads is used
    expect(theme.palette.primary.main).not.toBe('#123abc');
    expect(contrastRatio(theme.palette.primary.main, '#1f2025')).toBeGreaterThanOrEqual(4.5);
    expect(createAppTheme('light', '#123abc').palette.primary.main).toBe('#123abc');
  });

  it('keeps 4.5:1 for the text of a filled primary button under the pointer', () => {
    for (const mode of ['light', 'dark'] as const) {
      for (const base of ['#0ea5a4', '#123abc', '#f59e0b', '#e11d48', '#7c3aed']) {
        const { dark, contrastText } = createAppTheme(mode, base).palette.primary;
        expect(getContrastRatio(dark, contrastText), `${mode} ${base}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps 4.5:1 for text on filled primary buttons (black or white)', () => {
    const theme = createAppTheme('light', '#0ea5a4');
    const { main, contrastText } = theme.palette.primary;
    expect(contrastRatio(main, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
  });
});
