/** The team's avatar; the captain picks an image and it is uploaded at once. */
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useTranslation } from 'react-i18next';
import type { TeamInfo } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { useUploadTeamAvatar } from '@/hooks/teams';
import { useImagePicker } from '@/lib/useImagePicker';
import { AVATAR_MAX_BYTES } from '@/components/AvatarUpload';

export function TeamAvatarUpload({ team, name }: { team: TeamInfo; name: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadTeamAvatar(team.id);
  const picker = useImagePicker({
    maxBytes: AVATAR_MAX_BYTES,
    onProblem: (problem) => notify.show({ color: 'error', message: t(`teams.avatar.${problem}`) }),
    onPick: (file) =>
      upload.mutate(file, {
        onSuccess: () => notify.show({ color: 'success', message: t('teams.avatar.saved') }),
        onError: notify.error,
      }),
  });

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={team.avatar ?? undefined} alt="" sx={{ width: 72, height: 72, fontSize: 32 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <input {...picker.inputProps} aria-label={t('teams.avatar.choose')} />
        <Button
          variant="outlined"
          size="small"
          startIcon={<PhotoCameraIcon />}
          onClick={picker.open}
          loading={upload.isPending}
        >
          {t('teams.avatar.choose')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('teams.avatar.hint', { size: AVATAR_MAX_BYTES / 1024 / 1024 })}
        </Typography>
      </Stack>
    </Stack>
  );
}
