/**
 * What the players' board looks like, for monitors and organisers (who get the live board): that
 * it will freeze, or that players see it frozen since a time (issue 23: organisers could not tell).
 * Players get the FrozenBanner instead.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/time/format';

export interface FreezeNoticeProps {
  freezeTime: number;
  /** The freeze has passed: players see the board frozen now. */
  frozen: boolean;
}

export function FreezeNotice({ freezeTime, frozen }: FreezeNoticeProps) {
  const { t, i18n } = useTranslation();
  const time = formatDateTime(freezeTime, i18n.language);
  return (
    <Alert severity={frozen ? 'warning' : 'info'} icon={<AcUnitIcon />} role="status">
      <AlertTitle>
        {t(frozen ? 'scoreboard.freeze_notice.frozen_title' : 'scoreboard.freeze_notice.title', {
          time,
        })}
      </AlertTitle>
      {t(frozen ? 'scoreboard.freeze_notice.frozen_message' : 'scoreboard.freeze_notice.message')}
    </Alert>
  );
}
