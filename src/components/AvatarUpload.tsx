import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { useUploadAvatar } from '@/hooks/account';
import { useImagePicker } from '@/lib/useImagePicker';

/**
 * Largest avatar the API takes: `maxLength` of the `file` part of `PUT /api/account/avatar`
 * (openapi/paths/account.yaml; formMeta covers component schemas only, not inline request bodies).
 */
export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;

/** The avatar with a preview of the chosen image before it is uploaded. */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadAvatar();
  const picker = useImagePicker({
    maxBytes: AVATAR_MAX_BYTES,
    onProblem: (problem) =>
      notify.show({ color: 'error', message: t(`account.profile.avatar.${problem}`) }),
  });
  const file = picker.chosen?.file;
  const preview = picker.chosen?.preview;

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        picker.clear();
        notify.show({ color: 'success', message: t('account.profile.avatar.saved') });
      },
      onError: notify.error,
    });
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={preview ?? profile.avatar ?? undefined}
        alt={preview ? t('account.profile.avatar.preview') : (profile.userName ?? '')}
        sx={{ width: 128, height: 128, fontSize: 48 }}
      >
        {profile.userName?.slice(0, 1).toUpperCase()}
      </Avatar>
      <Typography variant="h6">{profile.userName}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`roles.${profile.role}`)}
      </Typography>
      <input {...picker.inputProps} />
      {file ? (
        <Stack direction="row" spacing={1}>
          <Button onClick={picker.clear} disabled={upload.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={save} loading={upload.isPending}>
            {t('account.profile.avatar.upload')}
          </Button>
        </Stack>
      ) : (
        <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={picker.open}>
          {t('account.profile.avatar.choose')}
        </Button>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('account.profile.avatar.hint', { size: AVATAR_MAX_BYTES / 1024 / 1024 })}
      </Typography>
    </Stack>
  );
}
