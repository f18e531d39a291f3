/**
 * The head of the board: the game, the team, its rank, score and solves, and how long the game
 * still runs (or that it is practice after the end, where solves are not scored). During a
 * scoreboard freeze the score is the team's own view of the frozen board, as its row on the board
 * shows it: all its solves counted, other teams' as they stood at the freeze; a line says so.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import type { PublicGameDetail, TeamGameView } from '@/api/types';
import { formatDateTime, formatDuration } from '@/lib/time/format';
import { activeFreeze } from '@/hooks/games';
import { useNow } from '@/lib/time/useNow';
import { playerPaths } from '@/lib/paths';

function Stat({ label, value }: { label: string; value: string | undefined }) {
  return (
    <Box sx={{ minWidth: 72 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value ?? <Skeleton width={48} />}
      </Typography>
    </Box>
  );
}

function TimeLeft({ end }: { end: number }) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  return (
    <Typography variant="body2" color="text.secondary" role="timer" aria-live="off">
      {t('challenges.summary.ends_in', {
        left: formatDuration(end - now, { dayUnit: t('challenges.day_unit') }),
      })}
    </Typography>
  );
}

function FrozenNote({ game }: { game: PublicGameDetail }) {
  const { t, i18n } = useTranslation();
  const alone = useIndividualPlay();
  const now = useNow(5_000);
  const frozenAt = activeFreeze(game, now);
  if (frozenAt === undefined) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="note">
      {t(alone ? 'individualPlay.challenges.frozen' : 'challenges.summary.frozen', {
        time: formatDateTime(frozenAt, i18n.language),
      })}
    </Typography>
  );
}

/** A rank means something once the team has scored: before any solve every team is "first". */
const ranked = (rank: NonNullable<TeamGameView['rank']>) =>
  rank.rank > 0 && (rank.score > 0 || rank.solvedCount > 0);

export interface TeamSummaryProps {
  game: PublicGameDetail;
  view: TeamGameView | undefined;
  /** Solves counted here (the board's plus those accepted in this visit). */
  solvedCount: number;
  practice: boolean;
}

export function TeamSummary({ game, view, solvedCount, practice }: TeamSummaryProps) {
  const { t } = useTranslation();
  const rank = view?.rank;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>
              {game.title}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {game.teamName && (
                <Typography variant="body2" color="text.secondary">
                  {t('challenges.summary.team', { team: game.teamName })}
                </Typography>
              )}
              {practice ? (
                <Chip size="small" color="info" label={t('challenges.summary.practice')} />
              ) : (
                <TimeLeft end={game.end} />
              )}
            </Stack>
          </Box>
          <Button
            component={RouterLink}
            to={playerPaths.scoreboard(game.id)}
            variant="outlined"
            startIcon={<LeaderboardIcon />}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {t('challenges.summary.scoreboard')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Stat
            label={t('challenges.summary.rank')}
            value={rank === undefined ? undefined : rank && ranked(rank) ? `#${rank.rank}` : '—'}
          />
          <Stat
            label={t('challenges.summary.score')}
            value={view ? String(rank?.score ?? 0) : undefined}
          />
          <Stat
            label={t('challenges.summary.solved')}
            value={view ? `${solvedCount} / ${view.challengeCount}` : undefined}
          />
        </Stack>
        {!practice && <FrozenNote game={game} />}
        {practice && <Alert severity="info">{t('challenges.summary.practice_help')}</Alert>}
      </Stack>
    </Paper>
  );
}
