/**
 * `/teams/:teamId` — a team's public page, opened from its card on a scoreboard: name, avatar,
 * bio, members, and every listed game it played with its standing and solves (what the
 * scoreboards already show anyone).
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HttpError } from '@/api/errors';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useTeamCard } from '@/hooks/scoreboard';
import { useTeamGames } from '@/hooks/teamGames';
import { usePageTitle } from '@/lib/usePageTitle';
import { TeamMembers } from '@/components/scoreboard/TeamMembers';
import { TeamGameCard } from './TeamGameCard';

function TeamGames({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const query = useTeamGames(teamId);
  if (query.isPending) return <Skeleton variant="rounded" height={160} aria-busy="true" />;
  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        title={t('teams.public.games_failed')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  if (query.data.length === 0) {
    return <Typography color="text.secondary">{t('teams.public.no_games')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      {query.data.map((record) => (
        <TeamGameCard key={record.game.id} record={record} />
      ))}
    </Stack>
  );
}

export default function TeamPage() {
  const { t } = useTranslation();
  const teamId = Number(useParams().teamId);
  const valid = Number.isInteger(teamId) && teamId > 0;
  const query = useTeamCard(valid ? teamId : undefined);
  const team = query.data;
  usePageTitle(team?.name ?? t('teams.public.page'));

  const missing =
    !valid || (query.error instanceof HttpError && query.error.status === 404 && !team);
  if (missing) return <Alert severity="info">{t('teams.public.not_found')}</Alert>;

  return (
    <Stack spacing={3}>
      {query.isPending && (
        <Stack spacing={1} aria-busy="true">
          <Skeleton variant="text" width="40%" sx={{ fontSize: '2rem' }} />
          <SlowLoadingHint loading />
        </Stack>
      )}
      {query.isError && (
        <LoadError
          error={query.error}
          title={t('teams.public.load_failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      )}
      {team && (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar src={team.avatar ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
              {(team.name ?? '?').slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
                {team.name}
              </Typography>
              {team.bio && (
                <Typography color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                  {team.bio}
                </Typography>
              )}
            </Stack>
          </Stack>
          <TeamMembers teamId={team.id} />
          <Stack spacing={1.5} component="section" aria-labelledby="team-games-heading">
            <Typography id="team-games-heading" variant="h5" component="h2">
              {t('teams.public.games')}
            </Typography>
            <TeamGames teamId={team.id} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
