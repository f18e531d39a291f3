/** The head of a game's page: poster, badges, title, summary and schedule with a live countdown. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import type { PublicGameDetail } from '@/api/types';
import type { GamePhase } from '@/hooks/games';
import { GamePoster } from '@/pages/games/components/GamePoster';
import { GameSchedule } from '@/pages/games/components/GameSchedule';
import { PhaseChip, PracticeChip } from '@/pages/games/components/PhaseChip';
import { IndividualBadge } from '@/pages/games/components/IndividualBadge';
import { isIndividual } from '@/lib/playMode';

export interface GameBannerProps {
  game: PublicGameDetail;
  phase: GamePhase;
  now: number;
}

export function GameBanner({ game, phase, now }: GameBannerProps) {
  const { t } = useTranslation();
  return (
    <Stack component="header" spacing={2}>
      <Box sx={{ borderRadius: 2, overflow: 'hidden' }}>
        <GamePoster src={game.poster} ratio={{ xs: '16 / 9', md: '21 / 9' }} eager />
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <PhaseChip phase={phase} />
        {phase === 'ended' && game.practiceMode && <PracticeChip />}
        {isIndividual(game) && <IndividualBadge />}
        {game.hidden && (
          <Chip
            size="small"
            variant="outlined"
            icon={<VisibilityOffIcon />}
            label={t('games.detail.hidden')}
          />
        )}
      </Stack>
      <Typography
        variant="h3"
        component="h1"
        sx={{ wordBreak: 'break-word', fontSize: { xs: '2rem', md: '3rem' } }}
      >
        {game.title}
      </Typography>
      {game.summary && (
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
          {game.summary}
        </Typography>
      )}
      <GameSchedule start={game.start} end={game.end} phase={phase} now={now} size="large" />
    </Stack>
  );
}
