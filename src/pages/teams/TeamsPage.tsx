/**
 * `/teams` — the signed-in user's teams, and the ways to create one or join one with an invite
 * code. An invite link (`/teams?invite=…`) opens the join dialog with its code; a visitor is asked
 * to sign in first and comes back to it.
 */
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupsIcon from '@mui/icons-material/Groups';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import type { Profile, TeamInfo } from '@/api/types';
import { errorMessageOf } from '@/lib/notifications';
import { PageLoader } from '@/lib/PageLoader';
import { usePageTitle } from '@/lib/usePageTitle';
import { LoadError } from '@/components/status/LoadError';
import { SignInPrompt } from '@/components/status/SignInPrompt';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { useProfile } from '@/hooks/account';
import { useTeams } from '@/hooks/teams';
import { CreateTeamButton } from '@/components/teams/CreateTeamButton';
import { INVITE_PARAM } from './inviteCode';
import { JoinTeamDialog } from './JoinTeamDialog';
import { TeamCard, TeamCardSkeleton } from './TeamCard';

const SKELETON_CARDS = 2;
const cardSize = { xs: 12, md: 6, lg: 4 } as const;

function NoTeams() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
      <GroupsIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {t('teams.empty_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {t('teams.empty_message')}
      </Typography>
    </Stack>
  );
}

function TeamGrid({ teams, profile }: { teams: TeamInfo[]; profile: Profile }) {
  return (
    <Grid container spacing={2}>
      {teams.map((team) => (
        <Grid key={team.id} size={cardSize}>
          <TeamCard team={team} userId={profile.userId} />
        </Grid>
      ))}
    </Grid>
  );
}

function Header({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Typography variant="h4" component="h1">
        {t('teams.title')}
      </Typography>
      {children && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

function MyTeams({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const query = useTeams();
  const [params, setParams] = useSearchParams();
  const invite = params.get(INVITE_PARAM);
  const [joinOpen, setJoinOpen] = useState(false);
  const closeJoin = () => {
    setJoinOpen(false);
    // the invite link has done its job
    if (invite !== null) setParams({}, { replace: true });
  };

  return (
    <Stack spacing={3}>
      <Header>
        <Button variant="outlined" startIcon={<LoginIcon />} onClick={() => setJoinOpen(true)}>
          {t('teams.join.button')}
        </Button>
        <CreateTeamButton />
      </Header>
      {query.isPending && (
        <Stack spacing={2} aria-busy="true">
          <Grid container spacing={2}>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <Grid key={index} size={cardSize}>
                <TeamCardSkeleton />
              </Grid>
            ))}
          </Grid>
          <SlowLoadingHint loading />
        </Stack>
      )}
      {query.isError && (
        <LoadError
          error={query.error}
          title={t('teams.load_failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
          severity={query.data ? 'warning' : 'error'}
        />
      )}
      {query.isSuccess && query.data.length === 0 && <NoTeams />}
      {query.data && <TeamGrid teams={query.data} profile={profile} />}
      <JoinTeamDialog
        open={joinOpen || invite !== null}
        initialCode={invite ?? ''}
        memberOf={query.data?.map((team) => team.id) ?? []}
        onClose={closeJoin}
      />
    </Stack>
  );
}

export default function TeamsPage() {
  const { t } = useTranslation();
  usePageTitle(t('teams.page'));
  const { data: profile, error, isPending } = useProfile();

  if (profile) return <MyTeams profile={profile} />;
  return (
    <Stack spacing={3}>
      <Header />
      {isPending && <PageLoader />}
      {error && (
        <Alert severity="error">{errorMessageOf(error) ?? t('common.error.unknown')}</Alert>
      )}
      {profile === null && <SignInPrompt message={t('teams.sign_in')} />}
    </Stack>
  );
}
