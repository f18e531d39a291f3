/** A value to paste elsewhere (an address, a URL), in monospace, with a copy button. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notifications';

export function CopyableText({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 2_000);
      },
      (error: unknown) => notify.error(error),
    );
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        minWidth: 0,
      }}
    >
      <Box
        component="code"
        aria-label={label}
        sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', wordBreak: 'break-all', py: 1 }}
      >
        {value}
      </Box>
      <Tooltip title={copied ? t('common.copied') : t('common.copy')}>
        <IconButton
          onClick={() => void copy()}
          aria-label={t('challenges.instance.copy', { what: label })}
        >
          {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
