/**
 * The managed theme colour (`customTheme`): `#` and 6 hex digits, or empty for the default colour,
 * typed or picked, with a live preview of the 10-shade palette the app builds from it.
 */
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FieldTitle, InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { generatePalette, isThemeColour } from '@/lib/palette';
import { DEFAULT_THEME_COLOUR } from '@/lib/theme';
import { specValidator } from '@/console/validate';

/** Empty (the default colour) or the custom colour rule. */
export const themeColourValidator: Validator = (value) =>
  value === null || value === undefined || value === '' || isThemeColour(value)
    ? undefined
    : 'resources.settings.validation.theme_colour';

const validate = [specValidator('GlobalConfig', 'customTheme'), themeColourValidator];
const keepEmpty = (value: string) => value;

export function PalettePreview({ colour }: { colour: string }) {
  const translate = useTranslate();
  const { shades, baseIndex } = generatePalette(colour);
  return (
    <Box
      role="list"
      aria-label={translate('resources.settings.theme.palette')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(10, 1fr)', gap: 0.5, maxWidth: 420 }}
    >
      {shades.map((shade, index) => (
        <Tooltip key={index} title={`${index} · ${shade}`}>
          <Box
            role="listitem"
            aria-label={shade}
            aria-current={index === baseIndex ? 'true' : undefined}
            sx={{
              height: 32,
              borderRadius: 0.5,
              bgcolor: shade,
              outline: index === baseIndex ? 2 : 0,
              outlineColor: 'text.primary',
              outlineOffset: 1,
            }}
          />
        </Tooltip>
      ))}
    </Box>
  );
}

export function ThemeColourInput() {
  const translate = useTranslate();
  const {
    field: { ref, ...field },
    fieldState: { error, invalid },
    id,
  } = useInput({ source: 'customTheme', validate, parse: keepEmpty });
  const text = String(field.value ?? '');
  const colour = text === '' ? DEFAULT_THEME_COLOUR : isThemeColour(text) ? text : undefined;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <TextField
        {...field}
        inputRef={ref}
        id={id}
        value={text}
        size="small"
        sx={{ maxWidth: 260 }}
        label={<FieldTitle source="customTheme" resource="settings" />}
        error={invalid}
        helperText={
          <InputHelperText
            error={error?.message}
            helperText={
              text === ''
                ? 'resources.settings.theme.default'
                : 'resources.settings.helpers.customTheme'
            }
          />
        }
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box
                  component="input"
                  type="color"
                  value={colour ?? DEFAULT_THEME_COLOUR}
                  onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                    field.onChange(event.target.value)
                  }
                  aria-label={translate('resources.settings.theme.pick')}
                  sx={{ width: 28, height: 28, p: 0, border: 0, bgcolor: 'transparent' }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {translate('resources.settings.theme.preview')}
      </Typography>
      {colour ? (
        <PalettePreview colour={colour} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.settings.theme.no_preview')}
        </Typography>
      )}
    </Stack>
  );
}
