import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import Checkbox from '@mui/material/Checkbox';
import { ThemeProvider } from '@mui/material/styles';
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

  it("names a checkbox's input by its aria-label, not the span around it", () => {
    const theme = consoleTheme(createAppTheme('light', '#0ea5a4'));
    render(
      createElement(
        ThemeProvider,
        { theme },
        // as react-admin's row checkbox passes it, and as its "select all" does
        createElement(Checkbox, { 'aria-label': 'Select this row' }),
        createElement(Checkbox, { inputProps: { 'aria-label': 'Select all' } }),
      ),
    );
    const row = screen.getByRole('checkbox', { name: 'Select this row' });
    expect(row.tagName).toBe('INPUT');
    expect(row.parentElement?.hasAttribute('aria-label')).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Select all' }).tagName).toBe('INPUT');
  });
});
