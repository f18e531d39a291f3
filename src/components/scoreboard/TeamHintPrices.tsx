/**
 * What a team paid for hints (issue 25) on its scoreboard card: how many prices and their sum,
 * so that the card's score adds up (solves + awards + prices). Which hints stays the team's own
 * business; nothing is shown for a team that paid none.
 */
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ScoreboardHintPrice } from '@/api/types';

export interface TeamHintPricesProps {
  hintPrices: readonly ScoreboardHintPrice[] | undefined;
}

export function TeamHintPrices({ hintPrices }: TeamHintPricesProps) {
  const { t } = useTranslation();
  if (!hintPrices || hintPrices.length === 0) return null;
  const points = hintPrices.reduce((sum, price) => sum - price.value, 0);
  return (
    <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {t('pricedHints.board.paid', { count: hintPrices.length, points })}
    </Typography>
  );
}
