/**
 * The shell's theme as the console wears it. react-admin's inputs expect their theme to give text
 * fields and form controls a dense margin (its own default theme does); without it, an outlined
 * input's floating label sits on the helper text of the input above it.
 */
import { createTheme, type Theme } from '@mui/material/styles';

const inputDefaults = { defaultProps: { margin: 'dense' } } as const;

export function consoleTheme(shellTheme: Theme): Theme {
  return createTheme(shellTheme, {
    components: { MuiTextField: inputDefaults, MuiFormControl: inputDefaults },
  });
}
