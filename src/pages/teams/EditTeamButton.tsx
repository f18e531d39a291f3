/** The captain changes the team's avatar, name and bio. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { TeamInfo } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { useUpdateTeam } from '@/hooks/teams';
import { TeamAvatarUpload } from './TeamAvatarUpload';
import { TeamFormDialog } from '@/components/teams/TeamFormDialog';
import type { TeamValues } from '@/components/teams/teamFields';

export function EditTeamButton({ team, name }: { team: TeamInfo; name: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateTeam(team.id);
  const [open, setOpen] = useState(false);

  // an empty bio clears it (the API reads null as "leave unchanged")
  const submit = (values: TeamValues) =>
    update.mutate(
      { name: values.name.trim(), bio: values.bio },
      {
        onSuccess: () => {
          setOpen(false);
          notify.show({ color: 'success', message: t('teams.edit.done') });
        },
        onError: notify.error,
      },
    );

  return (
    <>
      <Button startIcon={<EditIcon />} onClick={() => setOpen(true)}>
        {t('teams.edit.button')}
      </Button>
      <TeamFormDialog
        open={open}
        title={t('teams.edit.title', { name })}
        submitLabel={t('common.save')}
        initial={{ name: team.name ?? '', bio: team.bio ?? '' }}
        busy={update.isPending}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      >
        <TeamAvatarUpload team={team} name={name} />
      </TeamFormDialog>
    </>
  );
}
