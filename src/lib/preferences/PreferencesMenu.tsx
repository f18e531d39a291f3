/** The top bar's preferences button: language, colour scheme and theme colour in one popover. */
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TuneIcon from '@mui/icons-material/Tune';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './LanguageSelect';
import { ThemeSelect } from './ThemeSelect';

export function PreferencesMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const label = t('layout.preferences.label');
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-controls={anchor ? id : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <TuneIcon />
      </IconButton>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label } }}
      >
        <Stack spacing={2.5} sx={{ p: 2, width: 300, maxWidth: '90vw' }}>
          <LanguageSelect />
          <ThemeSelect />
        </Stack>
      </Popover>
    </>
  );
}
