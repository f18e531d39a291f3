import { useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { useUploadAvatar } from '@/hooks/account';

/**
 * Largest avatar the API takes: `maxLength` of the `file` part of `PUT /api/account/avatar`
 * (openapi/paths/account.yaml; formMeta covers component schemas only, not inline request bodies).
 */
export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;

/** Why a chosen file cannot be uploaded, or undefined when it can. */
export function avatarProblem(file: File): 'not_image' | 'too_large' | 'empty' | undefined {
  if (!file.type.startsWith('image/')) return 'not_image';
  if (file.size === 0) return 'empty';
  if (file.size > AVATAR_MAX_BYTES) return 'too_large';
  return undefined;
}

/** The avatar with a preview of the chosen image before it is uploaded. */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string }>();
  const file = chosen?.file;
  const preview = chosen?.preview;

  // The preview URL lives as long as its choice.
  useEffect(() => () => chosen && URL.revokeObjectURL(chosen.preview), [chosen]);

  const choose = (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires
    if (!picked) return;
    const problem = avatarProblem(picked);
    if (problem) {
      notify.show({ color: 'error', message: t(`account.profile.avatar.${problem}`) });
      return;
    }
    setChosen({ file: picked, preview: URL.createObjectURL(picked) });
  };

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setChosen(undefined);
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
      <input ref={input} type="file" accept="image/*" hidden onChange={choose} />
      {file ? (
        <Stack direction="row" spacing={1}>
          <Button onClick={() => setChosen(undefined)} disabled={upload.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={save} loading={upload.isPending}>
            {t('account.profile.avatar.upload')}
          </Button>
        </Stack>
      ) : (
        <Button
          variant="outlined"
          startIcon={<PhotoCameraIcon />}
          onClick={() => input.current?.click()}
        >
          {t('account.profile.avatar.choose')}
        </Button>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('account.profile.avatar.hint', { size: AVATAR_MAX_BYTES / 1024 / 1024 })}
      </Typography>
    </Stack>
  );
}
