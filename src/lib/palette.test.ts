import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  generatePalette,
  isThemeColour,
  lightnessOf,
  readableShade,
  SHADES,
} from './palette';

describe('isThemeColour', () => {
  it('accepts exactly # and 6 hex digits', () => {
    expect(isThemeColour('#0ea5a4')).toBe(true);
    expect(isThemeColour('#ABCDEF')).toBe(true);
  });

  it.each(['', '0ea5a4', '#0ea5a', '#0ea5a4f', '#0ea5g4', 'red', ' #0ea5a4', null, undefined, 42])(
    'rejects %j',
    (value) => expect(isThemeColour(value)).toBe(false),
  );
});

describe('generatePalette', () => {
  it.each(['#0ea5a4', '#ff0000', '#1a1b1e', '#f8f9fa', '#808080', '#3F51B5'])(
    'makes 10 valid shades from %s, lightest first, with the base included',
    (base) => {
      const { shades, baseIndex } = generatePalette(base);
      expect(shades).toHaveLength(SHADES);
      shades.forEach((shade) => expect(isThemeColour(shade)).toBe(true));
      expect(shades[baseIndex]).toBe(base.toLowerCase());
      const lightness = shades.map(lightnessOf);
      for (let i = 1; i < SHADES; i++) {
        expect(lightness[i]).toBeLessThanOrEqual(lightness[i - 1] + 0.005);
      }
    },
  );

  it('places a mid-tone base in the middle', () => {
    expect(generatePalette('#0ea5a4').baseIndex).toBeGreaterThanOrEqual(4);
  });

  it('refuses an invalid colour', () => {
    expect(() => generatePalette('teal')).toThrow();
  });
});

describe('readable shades', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#0ea5a4', '#ffffff')).toBeCloseTo(3.03, 1);
  });

  it('darkens a light brand colour for text on white, and keeps a dark one', () => {
    const teal = generatePalette('#0ea5a4');
    const onWhite = readableShade(teal, '#ffffff');
    expect(contrastRatio(onWhite, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(teal.shades.indexOf(onWhite)).toBeGreaterThan(teal.baseIndex);
    const navy = generatePalette('#1e3a8a');
    expect(readableShade(navy, '#ffffff')).toBe('#1e3a8a');
  });

  it('lightens a dark brand colour for text on a dark background', () => {
    const navy = generatePalette('#1e3a8a');
    const onDark = readableShade(navy, '#1f2025');
    expect(contrastRatio(onDark, '#1f2025')).toBeGreaterThanOrEqual(4.5);
    expect(navy.shades.indexOf(onDark)).toBeLessThan(navy.baseIndex);
  });
});
