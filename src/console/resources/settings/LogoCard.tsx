/**
 * The site logo (which also gives the favicon): the current one, a preview of a chosen image
 * before it is uploaded (`POST /api/admin/config/logo`), and its removal after confirmation
 * (`DELETE /api/admin/config/logo`). Each saves at once, apart from the forms.
 */
import { useState } from 'react';
import MuiButton from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { ImagePreviewFrame } from '@/console/inputs/ImagePreviewFrame';
import { useImagePicker } from '@/lib/useImagePicker';
import { SettingsCard } from './SettingsSection';
import { useSettingsChanged } from './useSettings';

/**
 * Largest logo the API takes: `maxLength` of the `file` part of `POST /api/admin/config/logo`
 * (openapi/paths/admin.yaml; formMeta covers component schemas only, not inline request bodies).
 */
export const LOGO_MAX_BYTES = 3 * 1024 * 1024;

/** The logo's public address, as `GET /api/config` reports it. */
export const logoUrl = (hash: string | null | undefined) => (hash ? `/assets/${hash}/logo` : null);

/** One logo change: notified, then everything showing the logo refreshed. */
function useLogoChange<T>(change: (arg: T) => Promise<unknown>, done: string, onDone: () => void) {
  const notify = useNotify();
  const changed = useSettingsChanged();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      onDone();
      notify(`resources.settings.logo.${done}`, { type: 'success' });
      await changed();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
}

export function LogoCard({ logoHash }: { logoHash: string | null | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const picker = useImagePicker({
    maxBytes: LOGO_MAX_BYTES,
    onProblem: (problem) =>
      notify(`resources.settings.logo.${problem}`, {
        type: 'error',
        messageArgs: { size: LOGO_MAX_BYTES / 1024 / 1024 },
      }),
  });
  const chosen = picker.chosen;
  const [confirming, setConfirming] = useState(false);
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const upload = useLogoChange(
    (file: File) => dataProvider.uploadLogo(file),
    'saved',
    picker.clear,
  );
  const remove = useLogoChange<void>(
    () => dataProvider.removeLogo(),
    'removed',
    () => setConfirming(false),
  );

  const current = logoUrl(logoHash);
  const shown = chosen?.preview ?? current;
  const busy = upload.isPending || remove.isPending;
  return (
    <SettingsCard name="logo">
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1} sx={{ maxWidth: 360 }}>
          <ImagePreviewFrame
            src={shown}
            alt={translate(
              chosen ? 'resources.settings.logo.preview' : 'resources.settings.logo.current',
            )}
            none={translate('resources.settings.logo.none')}
            frame={{ height: 120 }}
            image={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
          <input {...picker.inputProps} />
          <Stack direction="row" spacing={1}>
            {chosen ? (
              <>
                <MuiButton onClick={picker.clear} disabled={busy}>
                  {translate('ra.action.cancel')}
                </MuiButton>
                <MuiButton
                  variant="contained"
                  onClick={() => upload.mutate(chosen.file)}
                  loading={upload.isPending}
                >
                  {translate('resources.settings.logo.upload')}
                </MuiButton>
              </>
            ) : (
              <>
                <MuiButton startIcon={<ImageIcon />} onClick={picker.open}>
                  {translate('resources.settings.logo.choose')}
                </MuiButton>
                {current && (
                  <MuiButton
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={() => setConfirming(true)}
                    disabled={busy}
                  >
                    {translate('resources.settings.logo.remove')}
                  </MuiButton>
                )}
              </>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {translate('resources.settings.logo.hint', { size: LOGO_MAX_BYTES / 1024 / 1024 })}
          </Typography>
        </Stack>
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={remove.isPending}
        title="resources.settings.logo.confirm_title"
        content="resources.settings.logo.confirm_text"
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </SettingsCard>
  );
}
