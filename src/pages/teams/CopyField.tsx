/** A read-only value to share (an invite code, a link) with a button that copies it. */
import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notifications';

/** How long the check mark stays after copying, in ms. */
const COPIED_FOR = 2_000;

export interface CopyFieldProps {
  label: string;
  value: string;
  /** The copy button's name, e.g. "Copy the invite link". */
  copyLabel: string;
}

export function CopyField({ label, value, copyLabel }: CopyFieldProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => navigator.clipboard.writeText(value).then(() => setCopied(true), notify.error);

  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copied ? t('common.copied') : t('common.copy')}>
                <IconButton edge="end" onClick={() => void copy()} aria-label={copyLabel}>
                  {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
      onFocus={(event) => event.target.select()}
    />
  );
}
