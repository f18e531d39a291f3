/**
 * The user's theme choice (seed §4): Managed (the server's colour), Default (ours) or Custom (a
 * colour of their own). A custom colour that breaks the `#rrggbb` rule is ignored and the managed
 * theme used. Both are kept in local storage.
 */
import { isThemeColour } from './palette';
import { DEFAULT_THEME_COLOUR } from './theme';

export type ThemeChoice = 'managed' | 'default' | 'custom';

export const THEME_CHOICES: readonly ThemeChoice[] = ['managed', 'default', 'custom'];
export const THEME_CHOICE_KEY = 'themeChoice';
export const CUSTOM_COLOUR_KEY = 'customColour';

export interface ThemePreference {
  choice: ThemeChoice;
  /** The user's colour, kept even while another choice is active. */
  customColour: string;
}

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readThemePreference(): ThemePreference {
  const choice = read(THEME_CHOICE_KEY);
  return {
    choice: isThemeChoice(choice) ? choice : 'managed',
    customColour: read(CUSTOM_COLOUR_KEY) ?? '',
  };
}

export function writeThemePreference({ choice, customColour }: ThemePreference): void {
  try {
    localStorage.setItem(THEME_CHOICE_KEY, choice);
    localStorage.setItem(CUSTOM_COLOUR_KEY, customColour);
  } catch {
    // quota or access errors: the choice just does not persist
  }
}

/** The base colour of the theme for a preference and the server's managed colour. */
export function baseColourOf(preference: ThemePreference, managed: string | null | undefined) {
  const managedColour = isThemeColour(managed) ? managed : DEFAULT_THEME_COLOUR;
  if (preference.choice === 'default') return DEFAULT_THEME_COLOUR;
  if (preference.choice === 'custom' && isThemeColour(preference.customColour))
    return preference.customColour;
  return managedColour;
}
