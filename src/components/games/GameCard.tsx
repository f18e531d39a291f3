/** One game of the list: poster, title, summary and schedule; the whole card opens the game. */
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupsIcon from '@mui/icons-material/Groups';
import { useTranslation } from 'react-i18next';
import type { PublicGame } from '@/api/types';
import type { GamePhase } from '@/hooks/games';
import { GamePoster } from '@/pages/games/components/GamePoster';
import { GameSchedule } from '@/pages/games/components/GameSchedule';
import { PhaseChip } from '@/pages/games/components/PhaseChip';
import { playerPaths } from '@/lib/paths';
import { isIndividual } from '@/lib/playMode';
import { IndividualBadge } from '@/pages/games/components/IndividualBadge';

const clamp = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical' as const,
  overflow: 'hidden',
});

export interface GameCardProps {
  game: PublicGame;
  phase: GamePhase;
  now: number;
}

export const GameCard = memo(function GameCard({ game, phase, now }: GameCardProps) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={playerPaths.game(game.id)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <GamePoster src={game.poster} ratio={{ xs: '21 / 9', sm: '16 / 9' }} />
        <CardContent sx={{ flexGrow: 1 }}>
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <PhaseChip phase={phase} />
              {isIndividual(game) && <IndividualBadge />}
              {!isIndividual(game) && game.limit > 0 && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  <GroupsIcon fontSize="inherit" aria-hidden />
                  {t('games.facts.member_limit', { count: game.limit })}
                </Typography>
              )}
            </Stack>
            <Typography variant="h6" component="h3" sx={{ ...clamp(2), wordBreak: 'break-word' }}>
              {game.title}
            </Typography>
            {game.summary && (
              <Typography variant="body2" color="text.secondary" sx={clamp(3)}>
                {game.summary}
              </Typography>
            )}
            <GameSchedule start={game.start} end={game.end} phase={phase} now={now} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
});

/** A card's shape while the list loads. */
export function GameCardSkeleton() {
  return (
    <Card variant="outlined">
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <CardContent>
        <Skeleton variant="rounded" width={64} height={24} />
        <Skeleton variant="text" sx={{ fontSize: '1.25rem' }} width="70%" />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="50%" />
      </CardContent>
    </Card>
  );
}
