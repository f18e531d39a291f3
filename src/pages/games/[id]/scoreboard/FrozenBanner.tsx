/**
 * Shown above a frozen board (the board's `frozenAt`, a Vexil addition): since when the board
 * stands still, and that the caller's own team's later solves still show. Organisers get the
 * live board, so they never see it.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/time/format';

export function FrozenBanner({ frozenAt }: { frozenAt: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert severity="info" icon={<AcUnitIcon />} role="status">
      <AlertTitle>
        {t('scoreboard.frozen.title', { time: formatDateTime(frozenAt, i18n.language) })}
      </AlertTitle>
      {t('scoreboard.frozen.message')}
    </Alert>
  );
}
