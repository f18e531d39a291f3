/**
 * Creates a team with the caller as captain, in a dialog over the current page (the teams page, or
 * a game's join dialog, which then offers the new team at once).
 */
import { useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { useTranslation } from 'react-i18next';
import { optional } from '@/lib/forms/useForm';
import { useNotify } from '@/lib/notifications';
import { useCreateTeam } from '@/hooks/teams';
import { TeamFormDialog } from '@/components/teams/TeamFormDialog';
import type { TeamValues } from '@/components/teams/teamFields';

const EMPTY: TeamValues = { name: '', bio: '' };

type CreateTeamButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'color'>;

export function CreateTeamButton({ variant = 'contained', ...button }: CreateTeamButtonProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateTeam();
  const [open, setOpen] = useState(false);

  const submit = ({ name, bio }: TeamValues) =>
    create.mutate(
      { name: name.trim(), bio: optional(bio) },
      {
        onSuccess: (team) => {
          setOpen(false);
          notify.show({ color: 'success', message: t('teams.create.done', { name: team.name }) });
        },
        onError: notify.error,
      },
    );

  return (
    <>
      <Button
        variant={variant}
        {...button}
        startIcon={<GroupAddIcon />}
        onClick={() => setOpen(true)}
      >
        {t('teams.create.button')}
      </Button>
      <TeamFormDialog
        open={open}
        title={t('teams.create.title')}
        submitLabel={t('teams.create.submit')}
        initial={EMPTY}
        busy={create.isPending}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
