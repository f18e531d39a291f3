/**
 * Provides the app theme (MUI) and the colour-scheme choice to the shell and the console.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useClientConfig } from './useClientConfig';
import {
  COLOR_SCHEME_KEY,
  createAppTheme,
  isColorScheme,
  readColorScheme,
  resolveMode,
  writeColorScheme,
  type ColorScheme,
} from './theme';
import {
  baseColourOf,
  readThemePreference,
  writeThemePreference,
  type ThemePreference,
} from './themeChoice';

interface AppThemeValue {
  theme: Theme;
  colorScheme: ColorScheme;
  setColorScheme: (scheme: ColorScheme) => void;
  themePreference: ThemePreference;
  setThemePreference: (preference: ThemePreference) => void;
}

const AppThemeContext = createContext<AppThemeValue | null>(null);

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [colorScheme, setScheme] = useState<ColorScheme>(readColorScheme);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const { data: config } = useClientConfig();
  const mode = resolveMode(colorScheme, prefersDark);
  const [themePreference, setPreference] = useState<ThemePreference>(readThemePreference);
  const colour = baseColourOf(themePreference, config?.customTheme);

  // Follow a choice made in another tab.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_SCHEME_KEY && isColorScheme(event.newValue))
        setScheme(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AppThemeValue>(
    () => ({
      theme: createAppTheme(mode, colour),
      colorScheme,
      setColorScheme: (scheme) => {
        writeColorScheme(scheme);
        setScheme(scheme);
      },
      themePreference,
      setThemePreference: (preference) => {
        writeThemePreference(preference);
        setPreference(preference);
      },
    }),
    [mode, colour, colorScheme, themePreference],
  );

  return (
    <AppThemeContext.Provider value={value}>
      <ThemeProvider theme={value.theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </AppThemeContext.Provider>
  );
}

export function useAppTheme(): AppThemeValue {
  const value = useContext(AppThemeContext);
  if (!value) throw new Error('useAppTheme must be used inside <AppThemeProvider>');
  return value;
}
