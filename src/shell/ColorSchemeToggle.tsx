import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import { useTranslation } from 'react-i18next';
import { useAppTheme } from '@/lib/AppThemeProvider';
import { COLOR_SCHEMES } from '@/lib/theme';

const icons = {
  light: <LightModeIcon />,
  dark: <DarkModeIcon />,
  auto: <BrightnessAutoIcon />,
};

/**
 * Cycles the colour scheme: light → dark → auto. The current scheme is written beside its icon
 * where there is room (and always in its accessible name, which phones cannot hover for).
 */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useAppTheme();
  const next = COLOR_SCHEMES[(COLOR_SCHEMES.indexOf(colorScheme) + 1) % COLOR_SCHEMES.length];
  const label = t('layout.color_scheme.label', {
    scheme: t(`layout.color_scheme.${colorScheme}`),
  });
  return (
    <Button
      color="inherit"
      aria-label={label}
      title={label}
      startIcon={icons[colorScheme]}
      onClick={() => setColorScheme(next)}
      sx={{
        minWidth: 0,
        textTransform: 'none',
        '& .MuiButton-startIcon': { mx: { xs: 0, md: 1 } },
      }}
    >
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {t(`layout.color_scheme.${colorScheme}`)}
      </Box>
    </Button>
  );
}
