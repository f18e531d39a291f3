/**
 * The tunnel options (daemon address, site name, local-network access) with the daemon's state
 * and a reconnect button. Changes apply on Save and are kept in local storage.
 */
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isDaemonAddress } from './options';
import { useTunnel } from './useTunnel';

const STATE_COLOURS = { Usable: 'success', Pending: 'warning', Invalid: 'default' } as const;

function SettingsForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const tunnel = useTunnel();
  const [draft, setDraft] = useState(tunnel.options);
  const [touched, setTouched] = useState(false);
  const apiValid = isDaemonAddress(draft.api);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!apiValid) return;
    tunnel.saveOptions({ ...draft, api: draft.api.trim(), name: draft.name.trim() });
    onClose();
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>{t('tunnel.settings.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            useFlexGap
          >
            <Chip
              size="small"
              color={STATE_COLOURS[tunnel.state]}
              label={t(`tunnel.settings.state.${tunnel.state}`)}
            />
            {tunnel.version && tunnel.state !== 'Invalid' && (
              <Typography variant="body2" color="text.secondary">
                {t('tunnel.settings.version', { version: tunnel.version })}
              </Typography>
            )}
          </Stack>
          <TextField
            label={t('tunnel.settings.api')}
            value={draft.api}
            onChange={(event) => setDraft({ ...draft, api: event.target.value })}
            onBlur={() => setTouched(true)}
            error={touched && !apiValid}
            helperText={
              touched && !apiValid
                ? t('tunnel.settings.api_invalid')
                : t('tunnel.settings.api_help')
            }
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
          />
          <TextField
            label={t('tunnel.settings.name')}
            value={draft.name}
            placeholder={tunnel.defaultSiteName}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            helperText={t('tunnel.settings.name_help', { name: tunnel.defaultSiteName })}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.allowLan}
                  onChange={(event) => setDraft({ ...draft, allowLan: event.target.checked })}
                />
              }
              label={t('tunnel.settings.allow_lan')}
            />
            <FormHelperText>{t('tunnel.settings.allow_lan_help')}</FormHelperText>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={tunnel.connect} disabled={tunnel.connecting} sx={{ mr: 'auto' }}>
          {t('tunnel.settings.reconnect')}
        </Button>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained">
          {t('common.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function TunnelSettings({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <SettingsForm onClose={onClose} />
    </Dialog>
  );
}
