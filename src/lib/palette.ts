/**
 * A 10-shade palette (0 lightest … 9 darkest) generated from one base colour, which appears
 * unchanged at the shade whose lightness it is closest to.
 */

export const SHADES = 10;

/** The custom colour rule: exactly `#` followed by 6 hex digits. */
export function isThemeColour(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function hexToHsl(hex: string): Hsl {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

function hslToHex({ h, s, l }: Hsl): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor(h / 60) % 6;
  const [r, g, b] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ][sector];
  const hex = (v: number) =>
    Math.round(Math.min(1, Math.max(0, v + m)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

/** Reference lightness of each shade; the base colour replaces the closest one. */
const LIGHTNESS = [0.96, 0.9, 0.8, 0.7, 0.6, 0.5, 0.42, 0.35, 0.28, 0.2];
const LIGHTEST = 0.97;
const DARKEST = 0.14;

export interface Palette {
  /** Ten `#rrggbb` colours, lightest first. */
  shades: string[];
  /** Index of the base colour in `shades`. */
  baseIndex: number;
}

export function generatePalette(base: string): Palette {
  if (!isThemeColour(base)) throw new Error(`Not a #rrggbb colour: ${base}`);
  const hsl = hexToHsl(base);
  let baseIndex = 0;
  LIGHTNESS.forEach((l, i) => {
    if (Math.abs(l - hsl.l) < Math.abs(LIGHTNESS[baseIndex] - hsl.l)) baseIndex = i;
  });
  // Keep the base in the middle of the range so both ends still have room.
  baseIndex = Math.min(7, Math.max(2, baseIndex));
  const shades = LIGHTNESS.map((_, i) => {
    if (i === baseIndex) return base.toLowerCase();
    const lighter = i < baseIndex;
    const t = lighter ? (baseIndex - i) / baseIndex : (i - baseIndex) / (SHADES - 1 - baseIndex);
    const end = lighter ? Math.max(LIGHTEST, hsl.l) : Math.min(DARKEST, hsl.l);
    const l = hsl.l + (end - hsl.l) * t;
    // Very light tints look washed out at full saturation; soften them a little.
    const s = lighter ? hsl.s * (1 - 0.25 * t) : hsl.s;
    return hslToHex({ h: hsl.h, s, l });
  });
  return { shades, baseIndex };
}

/** Relative lightness of a `#rrggbb` colour, for tests and contrast decisions. */
export function lightnessOf(hex: string): number {
  return hexToHsl(hex).l;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The shade nearest the base that reads as text on `background` at `minimum` contrast: darker
 * shades on a light background, lighter ones on a dark background (the base itself if it passes).
 */
export function readableShade(
  { shades, baseIndex }: Palette,
  background: string,
  minimum = 4.5,
): string {
  const step = luminance(background) > 0.5 ? 1 : -1;
  for (let i = baseIndex; i >= 0 && i < shades.length; i += step) {
    if (contrastRatio(shades[i], background) >= minimum) return shades[i];
  }
  return step === 1 ? shades[shades.length - 1] : shades[0];
}
