import { describe, expect, it } from 'vitest';
import { generatePalette, isThemeColour, lightnessOf, SHADES } from './palette';

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
