/**
 * The shell's theme as the console wears it. react-admin's inputs expect their theme to give text
 * fields and form controls a dense margin (its own default theme does); without it, an outlined
 * input's floating label sits on the helper text of the input above it.
 *
 * On a phone a list's table is wider than the screen. react-admin's layout then grows to fit it
 * (`min-width: fit-content`): the whole page scrolled sideways, the app bar and the toolbar's
 * buttons (a list's Create and Import) ended beyond the right edge. Here the page keeps the
 * screen's width and the table scrolls inside its card.
 */
import { createTheme, type Theme } from '@mui/material/styles';

const inputDefaults = { defaultProps: { margin: 'dense' } } as const;

export function consoleTheme(shellTheme: Theme): Theme {
  return createTheme(shellTheme, {
    components: {
      MuiTextField: inputDefaults,
      MuiFormControl: inputDefaults,
      RaLayout: {
        styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } },
      },
      RaList: {
        styleOverrides: {
          root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } },
        },
      },
    },
  });
}
