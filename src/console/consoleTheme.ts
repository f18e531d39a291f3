/**
 * The shell's theme as the console wears it. react-admin's inputs expect their theme to give text
 * fields and form controls a dense margin (its own default theme does); without it, an outlined
 * input's floating label sits on the helper text of the input above it.
 *
 * On a phone a list's table is wider than the screen. react-admin's layout then grows to fit it
 * (`min-width: fit-content`): the whole page scrolled sideways, the app bar and the toolbar's
 * buttons (a list's Create and Import) ended beyond the right edge. Here the page keeps the
 * screen's width and the table scrolls inside its card. The cards of show, edit and create pages
 * are flex items too: without a zero minimum width a wide table on them (a webhook's delivery
 * log) stretched the card, and the page, past the screen.
 */
import { createTheme, type Theme } from '@mui/material/styles';

const inputDefaults = { defaultProps: { margin: 'dense' } } as const;
/** A page's card (`.Ra<Page>-card`) may shrink below its content's width. */
const shrinkingCard = (page: 'Show' | 'Edit' | 'Create') => ({
  styleOverrides: { root: { [`& .Ra${page}-card`]: { minWidth: 0 } } },
});

export function consoleTheme(shellTheme: Theme): Theme {
  return createTheme(shellTheme, {
    components: {
      MuiTextField: inputDefaults,
      MuiFormControl: inputDefaults,
      RaLayout: {
        styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } },
      },
      RaShow: shrinkingCard('Show'),
      RaEdit: shrinkingCard('Edit'),
      RaCreate: shrinkingCard('Create'),
      RaList: {
        styleOverrides: {
          root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } },
        },
      },
    },
  });
}
