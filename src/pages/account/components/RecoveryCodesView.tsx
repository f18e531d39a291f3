/**
 * Recovery codes, shown once (the server keeps only their hashes): listed, with copy and download
 * as a text file, and a button the user presses once they have saved them.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notifications';

interface Props {
  codes: string[];
  /** The account they belong to, named in the downloaded file. */
  account?: string;
  onDone: () => void;
  doneLabel?: string;
}

export function RecoveryCodesView({ codes, account, onDone, doneLabel }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const text = codes.join('\n');
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => notify.show({ color: 'success', message: t('common.copied') }))
      .catch(() => notify.show({ color: 'warning', message: t('twoStep.recovery.copy_failed') }));
  const download = () => {
    const header = `${t('twoStep.recovery.title')}${account ? ` — ${account}` : ''}\n\n`;
    const url = URL.createObjectURL(new Blob([header + text + '\n'], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('twoStep.recovery.hint')}</Alert>
      <Box
        component="ol"
        aria-label={t('twoStep.recovery.title')}
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: 16,
          columns: { xs: 1, sm: 2 },
          userSelect: 'all',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('common.copy')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={download}>
          {t('twoStep.recovery.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {doneLabel ?? t('twoStep.recovery.saved')}
        </Button>
      </Stack>
    </Stack>
  );
}
