/**
 * Opened when the user chooses a machine-translated or unfinished language (seed §9): the text may
 * be inaccurate or incomplete, help is welcome; Confirm keeps it, "Switch to English" reverts.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { TranslationNotice } from '@/lib/i18n/languages';

interface Props {
  notice: TranslationNotice;
  onConfirm: () => void;
  onSwitchToEnglish: () => void;
}

export function TranslationNoticeDialog({ notice, onConfirm, onSwitchToEnglish }: Props) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <Dialog open onClose={onConfirm} aria-labelledby="translation-notice-title">
      <DialogTitle id="translation-notice-title">
        {t(`layout.translation_notice.${notice}.title`)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`layout.translation_notice.${notice}.message`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onSwitchToEnglish}>
          {t('layout.translation_notice.switch_to_english')}
        </Button>
        <Button onClick={onConfirm} variant="contained" autoFocus>
          {t('layout.translation_notice.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
