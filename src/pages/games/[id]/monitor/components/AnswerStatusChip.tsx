/** A submission's result as a coloured chip: accepted green, wrong red, cheating orange. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AnswerResult } from '@/api/types';

export const ANSWER_COLOR: Record<AnswerResult, ChipProps['color']> = {
  FlagSubmitted: 'info',
  Accepted: 'success',
  WrongAnswer: 'error',
  CheatDetected: 'warning',
  NotFound: 'default',
};

export function AnswerStatusChip({ status }: { status: AnswerResult }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={ANSWER_COLOR[status]}
      variant={status === 'NotFound' ? 'outlined' : 'filled'}
      label={t(`monitor.status.${status}`)}
    />
  );
}
