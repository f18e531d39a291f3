/** A game's phase as a small coloured label: Upcoming, Running, Ended, and Practice when open after the end. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { GamePhase } from '@/hooks/games';

const colors: Record<GamePhase, ChipProps['color']> = {
  upcoming: 'info',
  running: 'success',
  ended: 'default',
};

export function PhaseChip({
  phase,
  size = 'small',
}: {
  phase: GamePhase;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  return <Chip size={size} color={colors[phase]} label={t(`games.phase.${phase}`)} />;
}

/** "Practice": the game has ended but stays playable, unscored. */
export function PracticeChip({ size = 'small' }: { size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Chip size={size} color="secondary" variant="outlined" label={t('games.practice.badge')} />
  );
}
