/** Colour scheme (light, dark, auto) and theme colour (Managed, Default, Custom) choices. */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useAppTheme } from '@/lib/AppThemeProvider';
import { isThemeColour } from '@/lib/palette';
import { COLOR_SCHEMES, isColorScheme } from '@/lib/theme';
import { isThemeChoice, THEME_CHOICES } from '@/lib/themeChoice';

export function ThemeSelect() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { colorScheme, setColorScheme, themePreference, setThemePreference } = useAppTheme();
  const colourInvalid =
    themePreference.choice === 'custom' && !isThemeColour(themePreference.customColour);

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="caption" component="p" id="pref-scheme" gutterBottom>
          {t('layout.preferences.color_scheme')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          aria-labelledby="pref-scheme"
          value={colorScheme}
          onChange={(_event, value: unknown) => isColorScheme(value) && setColorScheme(value)}
        >
          {COLOR_SCHEMES.map((scheme) => (
            <ToggleButton key={scheme} value={scheme}>
              {t(`layout.color_scheme.${scheme}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box>
        <Typography variant="caption" component="p" id="pref-theme" gutterBottom>
          {t('layout.preferences.theme')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          aria-labelledby="pref-theme"
          value={themePreference.choice}
          onChange={(_event, value: unknown) =>
            isThemeChoice(value) && setThemePreference({ ...themePreference, choice: value })
          }
        >
          {THEME_CHOICES.map((choice) => (
            <ToggleButton key={choice} value={choice}>
              {t(`layout.preferences.theme_${choice}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {themePreference.choice === 'custom' && (
        <TextField
          size="small"
          label={t('layout.preferences.custom_colour')}
          value={themePreference.customColour}
          placeholder="#0ea5a4"
          error={colourInvalid}
          helperText={t(
            colourInvalid
              ? 'layout.preferences.custom_colour_invalid'
              : 'layout.preferences.custom_colour_help',
          )}
          onChange={(event) =>
            setThemePreference({ ...themePreference, customColour: event.target.value.trim() })
          }
          slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
        />
      )}
      <Box
        aria-label={t('layout.preferences.palette')}
        role="img"
        sx={{ display: 'flex', borderRadius: 1, overflow: 'hidden', height: 16 }}
      >
        {theme.palette.brand.map((shade) => (
          <Box key={shade} sx={{ flex: 1, bgcolor: shade }} />
        ))}
      </Box>
    </Stack>
  );
}
