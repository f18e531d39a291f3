/**
 * The game's poster, with a preview of a chosen image before it is uploaded
 * (`PUT /api/edit/games/{id}/poster`). It saves at once, apart from the form.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/Image';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { Game } from '@/api/types';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';

/**
 * Largest poster the API takes: `maxLength` of the `file` part of `PUT …/poster`
 * (openapi/paths/edit.yaml; formMeta covers component schemas only, not inline request bodies).
 */
export const POSTER_MAX_BYTES = 3 * 1024 * 1024;

export function posterProblem(file: File): 'not_image' | 'too_large' | 'empty' | undefined {
  if (!file.type.startsWith('image/')) return 'not_image';
  if (file.size === 0) return 'empty';
  if (file.size > POSTER_MAX_BYTES) return 'too_large';
  return undefined;
}

export function PosterUpload() {
  const record = useRecordContext<Game>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string }>();
  const [uploaded, setUploaded] = useState<string>();
  const upload = useMutation({
    mutationFn: (file: File) => dataProvider.uploadGamePoster(record!.id, file),
    onSuccess: (url) => {
      setUploaded(url);
      setChosen(undefined);
      void queryClient.invalidateQueries({ queryKey: ['games', 'getList'] });
      notify('resources.games.poster.saved', { type: 'success' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });

  // The preview URL lives as long as its choice.
  useEffect(() => () => chosen && URL.revokeObjectURL(chosen.preview), [chosen]);
  if (!record) return null;

  const choose = (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    const problem = posterProblem(picked);
    if (problem) return notify(`resources.games.poster.${problem}`, { type: 'error' });
    setChosen({ file: picked, preview: URL.createObjectURL(picked) });
  };

  const shown = chosen?.preview ?? uploaded ?? record.poster ?? undefined;
  return (
    <Stack spacing={1} sx={{ width: 320, maxWidth: '100%' }}>
      <Typography variant="subtitle2">{translate('resources.games.fields.poster')}</Typography>
      <Box
        sx={{
          aspectRatio: '16 / 9',
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={translate(
              chosen ? 'resources.games.poster.preview' : 'resources.games.fields.poster',
            )}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Typography color="text.secondary">{translate('resources.games.poster.none')}</Typography>
        )}
      </Box>
      <input ref={input} type="file" accept="image/*" hidden onChange={choose} />
      {chosen ? (
        <Stack direction="row" spacing={1}>
          <MuiButton onClick={() => setChosen(undefined)} disabled={upload.isPending}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton
            variant="contained"
            onClick={() => upload.mutate(chosen.file)}
            loading={upload.isPending}
          >
            {translate('resources.games.poster.upload')}
          </MuiButton>
        </Stack>
      ) : (
        <MuiButton startIcon={<ImageIcon />} onClick={() => input.current?.click()}>
          {translate('resources.games.poster.choose')}
        </MuiButton>
      )}
      <Typography variant="caption" color="text.secondary">
        {translate('resources.games.poster.hint', { size: POSTER_MAX_BYTES / 1024 / 1024 })}
      </Typography>
    </Stack>
  );
}
