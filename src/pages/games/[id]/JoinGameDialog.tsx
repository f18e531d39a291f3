/**
 * Registers the caller in a game: one of their teams (or creating one right here, which then
 * stands chosen, so the player never leaves the game), the invite code when the game has one, the
 * division when it has divisions. A refusal stays in the dialog with the server's message. In an
 * individual game (issue 25) no team is asked for: the server registers the caller alone, so the
 * request carries no `teamId` and the caller's teams are not even read.
 */
import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslation } from 'react-i18next';
import type { PublicGameDetail, TeamInfo } from '@/api/types';
import { fieldMeta, fieldValidator } from '@/api/validation';
import { optional, useForm, type FormValidator } from '@/lib/forms/useForm';
import { errorMessageOf, useNotify } from '@/lib/notifications';
import { LoadError } from '@/components/status/LoadError';
import { useJoinGame, useMyTeams } from '@/hooks/games';
import { CreateTeamButton } from '@/components/teams/CreateTeamButton';
import { isIndividual } from '@/lib/playMode';

type Values = { teamId: string; inviteCode: string; division: string };

const inviteCodeMaxLength = fieldMeta('GameJoinModel', 'inviteCode').maxLength;

function NoTeams() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      action={<CreateTeamButton variant="text" color="inherit" size="small" />}
    >
      {t('games.join.no_teams')}
    </Alert>
  );
}

function JoinForm({
  game,
  teams,
  onClose,
}: {
  game: PublicGameDetail;
  teams: TeamInfo[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const join = useJoinGame(game.id);
  const alone = isIndividual(game);
  const [refusal, setRefusal] = useState<string | null>(null);
  const divisions = game.divisions ?? [];
  const validators = useMemo<Partial<Record<keyof Values, FormValidator<Values>>>>(
    () => ({
      teamId: alone
        ? () => undefined
        : fieldValidator('GameJoinModel', 'teamId', { required: true }),
      inviteCode: fieldValidator('GameJoinModel', 'inviteCode', {
        required: game.inviteCodeRequired,
      }),
      division: fieldValidator('GameJoinModel', 'division', { required: divisions.length > 0 }),
    }),
    [alone, game.inviteCodeRequired, divisions.length],
  );
  const form = useForm<Values>(
    { teamId: teams.length === 1 ? String(teams[0].id) : '', inviteCode: '', division: '' },
    validators,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setRefusal(null);
    const team = teams.find((candidate) => String(candidate.id) === form.values.teamId);
    join.mutate(
      {
        ...(alone ? {} : { teamId: Number(form.values.teamId) }),
        inviteCode: game.inviteCodeRequired ? form.values.inviteCode : null,
        division: divisions.length > 0 ? optional(form.values.division) : null,
      },
      {
        onSuccess: () => {
          notify.show({
            color: 'success',
            message: alone
              ? t('individualPlay.join.done', { title: game.title })
              : t('games.join.done', { title: game.title, team: team?.name ?? '' }),
          });
          onClose();
        },
        onError: (error) => setRefusal(errorMessageOf(error) ?? t('common.error.unknown')),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {alone
              ? t('individualPlay.join.message', { title: game.title })
              : t('games.join.message', { title: game.title })}
          </DialogContentText>
          {refusal && <Alert severity="error">{refusal}</Alert>}
          {!alone && (
            <TextField
              {...form.field('teamId')}
              select
              required
              fullWidth
              label={t('games.join.team')}
            >
              {teams.map((team) => (
                <MenuItem key={team.id} value={String(team.id)}>
                  {team.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {divisions.length > 0 && (
            <TextField
              {...form.field('division')}
              select
              required
              fullWidth
              label={t('games.join.division')}
            >
              {divisions.map((division) => (
                <MenuItem key={division} value={division}>
                  {division}
                </MenuItem>
              ))}
            </TextField>
          )}
          {game.inviteCodeRequired && (
            <TextField
              {...form.field('inviteCode', t('games.join.invite_code_help'))}
              required
              fullWidth
              autoComplete="off"
              label={t('games.join.invite_code')}
              slotProps={{ htmlInput: { maxLength: inviteCodeMaxLength } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={alone ? <PersonAddIcon /> : <GroupAddIcon />}
          loading={join.isPending}
        >
          {t('games.join.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function JoinGameDialog({ game, onClose }: { game: PublicGameDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const alone = isIndividual(game);
  // an individual game needs none of the caller's teams
  const teams = useMyTeams(!alone);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="join-game-title">
      <DialogTitle id="join-game-title">{t('games.join.title', { title: game.title })}</DialogTitle>
      {alone ? (
        <JoinForm game={game} teams={[]} onClose={onClose} />
      ) : teams.isSuccess && teams.data.length > 0 ? (
        <JoinForm game={game} teams={teams.data} onClose={onClose} />
      ) : (
        <>
          <DialogContent aria-busy={teams.isPending}>
            {teams.isPending && <Skeleton variant="rounded" height={56} />}
            {teams.isError && (
              <LoadError
                error={teams.error}
                title={t('games.join.teams_failed')}
                onRetry={() => void teams.refetch()}
                retrying={teams.isRefetching}
              />
            )}
            {teams.isSuccess && <NoTeams />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
