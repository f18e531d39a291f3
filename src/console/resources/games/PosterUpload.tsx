/**
 * The game's poster, with a preview of a chosen image before it is uploaded
 * (`PUT /api/edit/games/{id}/poster`). It saves at once, apart from the form.
 */
import { useState } from 'react';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/Image';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { Game } from '@/api/types';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { ImagePreviewFrame } from '@/console/inputs/ImagePreviewFrame';
import { useImagePicker } from '@/lib/useImagePicker';

/**
 * Largest poster the API takes: `maxLength` of the `file` part of `PUT …/poster`
 * (openapi/paths/edit.yaml; formMeta covers component schemas only, not inline request bodies).
 */
export const POSTER_MAX_BYTES = 3 * 1024 * 1024;

export function PosterUpload() {
  const record = useRecordContext<Game>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const picker = useImagePicker({
    maxBytes: POSTER_MAX_BYTES,
    onProblem: (problem) => notify(`resources.games.poster.${problem}`, { type: 'error' }),
  });
  const chosen = picker.chosen;
  const [uploaded, setUploaded] = useState<string>();
  const upload = useMutation({
    mutationFn: (file: File) => dataProvider.uploadGamePoster(record!.id, file),
    onSuccess: (url) => {
      setUploaded(url);
      picker.clear();
      void queryClient.invalidateQueries({ queryKey: ['games', 'getList'] });
      notify('resources.games.poster.saved', { type: 'success' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });

  if (!record) return null;

  const shown = chosen?.preview ?? uploaded ?? record.poster ?? undefined;
  return (
    <Stack spacing={1} sx={{ width: 320, maxWidth: '100%' }}>
      <Typography variant="subtitle2">{translate('resources.games.fields.poster')}</Typography>
      <ImagePreviewFrame
        src={shown}
        alt={translate(chosen ? 'resources.games.poster.preview' : 'resources.games.fields.poster')}
        none={translate('resources.games.poster.none')}
        frame={{ aspectRatio: '16 / 9' }}
        image={{ width: '100%', height: '100%', objectFit: 'cover' }}
      />
      <input {...picker.inputProps} />
      {chosen ? (
        <Stack direction="row" spacing={1}>
          <MuiButton onClick={picker.clear} disabled={upload.isPending}>
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
        <MuiButton startIcon={<ImageIcon />} onClick={picker.open}>
          {translate('resources.games.poster.choose')}
        </MuiButton>
      )}
      <Typography variant="caption" color="text.secondary">
        {translate('resources.games.poster.hint', { size: POSTER_MAX_BYTES / 1024 / 1024 })}
      </Typography>
    </Stack>
  );
}
