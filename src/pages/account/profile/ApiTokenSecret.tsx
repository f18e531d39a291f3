/** A token just made, shown this once with a copy button (issue 26). */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ApiTokenCreated } from '@/api/types';

export function ApiTokenSecret({
  created,
  onDone,
}: {
  created: ApiTokenCreated;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(created.token).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <Alert severity="success" role="status" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('apiTokens.created', { name: created.info.name })}</AlertTitle>
      {t('apiTokens.shown_once')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <TextField
          value={created.token}
          label={t('apiTokens.secret')}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="contained" onClick={copy} sx={{ flexShrink: 0 }}>
          {copied ? t('apiTokens.copied') : t('apiTokens.copy')}
        </Button>
        <Button onClick={onDone} sx={{ flexShrink: 0 }}>
          {t('apiTokens.done')}
        </Button>
      </Stack>
    </Alert>
  );
}
