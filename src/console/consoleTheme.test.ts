import { describe, expect, it } from 'vitest';
import { createAppTheme } from '@/lib/theme';
import { consoleTheme } from './consoleTheme';

describe('consoleTheme', () => {
  it('gives inputs the dense margin react-admin lays its forms out with, keeping the colours', () => {
    const shell = createAppTheme('dark', '#0ea5a4');
    const theme = consoleTheme(shell);
    expect(theme.components?.MuiTextField?.defaultProps?.margin).toBe('dense');
    expect(theme.components?.MuiFormControl?.defaultProps?.margin).toBe('dense');
    expect(theme.palette.primary.main).toBe(shell.palette.primary.main);
    expect(theme.palette.mode).toBe('dark');
    expect(theme.zIndex.snackbar).toBe(shell.zIndex.snackbar);
  });
});
