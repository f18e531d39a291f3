import IconButton from '@mui/material/IconButton';
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

/** Cycles the colour scheme: light → dark → auto. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useAppTheme();
  const next = COLOR_SCHEMES[(COLOR_SCHEMES.indexOf(colorScheme) + 1) % COLOR_SCHEMES.length];
  const label = t('layout.color_scheme.label', {
    scheme: t(`layout.color_scheme.${colorScheme}`),
  });
  return (
    <IconButton
      color="inherit"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
    >
      {icons[colorScheme]}
    </IconButton>
  );
}
