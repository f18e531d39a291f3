/**
 * The shell's theme as the console wears it. react-admin's inputs expect their theme to give text
 * fields and form controls a dense margin (its own default theme does); without it, an outlined
 * input's floating label sits on the helper text of the input above it.
 *
 * On a phone a list's table is wider than the screen. react-admin's layout then grows to fit it
 * (`min-width: fit-content`): the whole page scrolled sideways, the app bar and the toolbar's
 * buttons (a list's Create and Import) ended beyond the right edge. Here the page keeps the
 * screen's width and the table scrolls inside its card.
 *
 * A page's aside (a list's publish form or settings, a challenge's attachment panel) is as wide as
 * the screen below `lg`: there it goes under the page's content. Beside it, the content was
 * squeezed to nothing (a phone showed no notice at all).
 *
 * A checkbox's `aria-label` names its input: MUI puts it on the decorative span around the input,
 * which left react-admin's row checkboxes ("Select this row") without a name (axe: `label`,
 * critical) and gave the span a label it may not have (`aria-prohibited-attr`, serious).
 *
 * On a phone the language button shows its globe only (its name stays for screen readers): with
 * the language written out, the page title in the app bar had no room left.
 */
import { createTheme, type Theme } from '@mui/material/styles';
import type { CheckboxOwnerState } from '@mui/material/Checkbox';

const inputDefaults = { defaultProps: { margin: 'dense' } } as const;

/** The page's own content, then its aside (full width below `lg`) under it, both full width. */
const asideBelow = { flexDirection: 'column', alignItems: 'stretch' } as const;

type Labelled = CheckboxOwnerState & { 'aria-label'?: string; inputProps?: object };

export const checkboxLabelOnInput = {
  root: (owner: Labelled) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
  input: (owner: Labelled) => ({
    ...owner.inputProps,
    ...(owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
  }),
};

export function consoleTheme(shellTheme: Theme): Theme {
  const narrow = shellTheme.breakpoints.down('lg');
  return createTheme(shellTheme, {
    components: {
      MuiTextField: inputDefaults,
      MuiFormControl: inputDefaults,
      MuiCheckbox: { defaultProps: { slotProps: checkboxLabelOnInput } },
      RaLayout: {
        styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } },
      },
      RaList: {
        styleOverrides: {
          root: {
            '& .RaList-main': { minWidth: 0 },
            '& .RaList-content': { overflowX: 'auto' },
            [narrow]: { flexDirection: 'column' },
          },
        },
      },
      RaEdit: {
        styleOverrides: { root: { [narrow]: { '& .RaEdit-main': asideBelow } } },
      },
      RaLocalesMenuButton: {
        styleOverrides: {
          root: {
            flexShrink: 0,
            [shellTheme.breakpoints.down('sm')]: {
              // the language's name is the button's text: hidden from sight, still its name
              '& .MuiButton-root': { fontSize: 0, minWidth: 0 },
            },
          },
        },
      },
    },
  });
}
