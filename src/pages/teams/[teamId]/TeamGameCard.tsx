/**
 * One game on a team's public page: the game (linked to its scoreboard), the team's rank, score
 * and solve count, and each solve as the scoreboard's team card lists them. During a freeze the
 * figures are the caller's scoreboard's (`frozenAt`): a line says the board is frozen.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GameChallenge, TeamGameRecord } from '@/api/types';
import { playerPaths } from '@/lib/paths';
import { formatDateRange, formatDateTime } from '@/lib/time/format';
import { TeamSolves } from '@/components/scoreboard/TeamSolves';

export function TeamGameCard({ record }: { record: TeamGameRecord }) {
  const { t, i18n } = useTranslation();
  const { game, item } = record;
  const challenges = new Map<number, GameChallenge>(record.challenges.map((c) => [c.id, c]));
  const figures = [
    `${t('scoreboard.team.rank')} #${item.rank}`,
    item.division && item.divisionRank !== null
      ? `${t('scoreboard.team.division_rank', { division: item.division })} #${item.divisionRank}`
      : null,
    t('scoreboard.team.points', { count: item.score }),
    `${t('scoreboard.team.solved')} ${item.solvedCount}`,
  ].filter(Boolean);
  return (
    <Card variant="outlined" component="section" aria-labelledby={`team-game-${game.id}`}>
      <CardContent>
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <Typography id={`team-game-${game.id}`} variant="h6" component="h2">
              <Link component={RouterLink} to={playerPaths.scoreboard(game.id)} underline="hover">
                {game.title}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateRange(game.start, game.end, i18n.language)}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{figures.join(' · ')}</Typography>
            {record.frozenAt !== undefined && (
              <Typography variant="body2" color="text.secondary" role="note">
                {t('scoreboard.team.frozen', {
                  time: formatDateTime(record.frozenAt, i18n.language),
                })}
              </Typography>
            )}
          </Stack>
          <TeamSolves solves={item.solvedChallenges} challenges={challenges} />
        </Stack>
      </CardContent>
    </Card>
  );
}
