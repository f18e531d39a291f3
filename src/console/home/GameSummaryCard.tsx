/** An upcoming game, or one that ended in the last day, on the console home: when, teams, reviews. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { GameOverview } from '@/api/types';
import { consolePaths, useAdminPath } from '@/console/paths';
import { formatRelative } from '@/lib/time/format';
import { GameLinks } from './GameLinks';
import { HiddenMark } from './HiddenMark';

export function GameSummaryCard({ game, now }: { game: GameOverview; now: number }) {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();
  const when =
    game.phase === 'Upcoming'
      ? t('console.home.starts', { time: formatRelative(game.start, now, i18n.language) })
      : t('console.home.ended_at', { time: formatRelative(game.end, now, i18n.language) });
  return (
    <Card component="article" variant="outlined" data-testid={`home-game-${game.id}`}>
      <CardContent>
        <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap">
          <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
            {game.title}
          </Typography>
          {game.hidden && <HiddenMark />}
        </Stack>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {when}
        </Typography>
        <Stack direction="row" gap={2} flexWrap="wrap" sx={{ mb: 1 }}>
          <Typography variant="body2">
            {t('console.home.teams')}:{' '}
            {t('console.home.teams_value', { accepted: game.acceptedTeams, total: game.teams })}
          </Typography>
          {game.pendingTeams > 0 && (
            <Link
              component={RouterLink}
              to={adminPath(consolePaths.review(game.id))}
              variant="body2"
            >
              {t('console.pending_reviews', { count: game.pendingTeams, game: game.title })}
            </Link>
          )}
        </Stack>
        <GameLinks gameId={game.id} title={game.title} />
      </CardContent>
    </Card>
  );
}
