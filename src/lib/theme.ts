/**
 * The MUI theme shared by the shell and the console: a colour scheme (light, dark or following the
 * system; dark by default, kept in localStorage) and a primary colour built from a 10-shade palette.
 *
 * Base colour: the server's `customTheme` when it is a valid `#rrggbb` ("managed"), else the default.
 */
import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { contrastRatio, generatePalette, isThemeColour, readableShade } from './palette';

export type ColorScheme = 'light' | 'dark' | 'auto';

export const COLOR_SCHEMES: readonly ColorScheme[] = ['light', 'dark', 'auto'];
export const DEFAULT_COLOR_SCHEME: ColorScheme = 'dark';
export const COLOR_SCHEME_KEY = 'colorScheme';
export const DEFAULT_THEME_COLOUR = '#0ea5a4';
export const NOTIFICATION_Z_INDEX = 5000;
const DARK_PAPER = '#1f2025';

declare module '@mui/material/styles' {
  interface Palette {
    /** The 10 shades generated from the base colour, lightest first. */
    brand: string[];
  }
  interface PaletteOptions {
    brand?: string[];
  }
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // access denied (privacy settings, sandboxed frames)
  }
}

export function isColorScheme(value: unknown): value is ColorScheme {
  return COLOR_SCHEMES.includes(value as ColorScheme);
}

export function readColorScheme(): ColorScheme {
  const stored = storage()?.getItem(COLOR_SCHEME_KEY);
  return isColorScheme(stored) ? stored : DEFAULT_COLOR_SCHEME;
}

export function writeColorScheme(scheme: ColorScheme): void {
  try {
    storage()?.setItem(COLOR_SCHEME_KEY, scheme);
  } catch {
    // quota or access errors: the choice just does not persist
  }
}

export function resolveMode(scheme: ColorScheme, systemPrefersDark: boolean): PaletteMode {
  if (scheme === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return scheme;
}

/** The managed colour when it follows the custom colour rule, otherwise the default colour. */
export function resolveThemeColour(managed: string | null | undefined): string {
  return isThemeColour(managed) ? managed : DEFAULT_THEME_COLOUR;
}

export function createAppTheme(mode: PaletteMode, baseColour: string): Theme {
  const palette = generatePalette(resolveThemeColour(baseColour));
  const { shades } = palette;
  // The primary colour is also link and outlined-button text: take the shade nearest the base
  // that keeps 4.5:1 on the page background.
  const paper = mode === 'dark' ? DARK_PAPER : '#ffffff';
  const mainIndex = shades.indexOf(readableShade(palette, paper));
  const at = (i: number) => shades[Math.min(shades.length - 1, Math.max(0, i))];
  const main = at(mainIndex);
  // A filled button takes `dark` under the pointer, keeping the text colour chosen for `main`
  // (white where it reads at 4.5:1, else black, as MUI picks it). On dark paper `main` is a light
  // shade with black text, so the hover shade goes lighter, not darker: a darker one fell to 1.9:1.
  const whiteText = contrastRatio(main, '#ffffff') >= 4.5;
  const hover = whiteText ? at(mainIndex + 2) : at(mainIndex - 1);
  return createTheme({
    palette: {
      mode,
      // WCAG AA: text on filled buttons and chips picks black or white at 4.5:1, not MUI's 3:1.
      contrastThreshold: 4.5,
      brand: shades,
      primary: { main, light: at(mainIndex - 2), dark: hover },
      ...(mode === 'dark'
        ? {
            background: { default: '#17181c', paper: DARK_PAPER },
            // MUI's dark error red is 4.4:1 on the paper colour; this one reaches 4.5:1 for text.
            error: { main: '#f66a5e' },
          }
        : {}),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    },
    zIndex: { snackbar: NOTIFICATION_Z_INDEX },
  });
}
