/**
 * The challenge's shared attachment: none, a file uploaded here (`POST /api/assets`, then linked
 * by its hash), or a remote URL. It saves at once, apart from the form. Dynamic-attachment
 * challenges get their files per flag instead.
 */
import { useRef, useState } from 'react';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { enumChoices, maxLengthOf } from '@/api/validation';
import { fileNameOf, formatFileSize } from '@/lib/files';
import type { AttachmentCreate, ChallengeDetail, FileType } from '@/api/types';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { useGameMeta } from '@/console/data/kit';

function CurrentAttachment({ challenge }: { challenge: ChallengeDetail }) {
  const translate = useTranslate();
  const { attachment } = challenge;
  if (!attachment)
    return (
      <Typography color="text.secondary">
        {translate('resources.challenges.attachment.none')}
      </Typography>
    );
  return (
    <Typography sx={{ wordBreak: 'break-all' }}>
      {attachment.url ? (
        <Link href={attachment.url} target="_blank" rel="noreferrer">
          {/* an uploaded file by its name, not by its long content-hash path */}
          {attachment.type === 'Local' ? fileNameOf(attachment.url) : attachment.url}
        </Link>
      ) : (
        translate('resources.challenges.attachment.missing')
      )}{' '}
      {attachment.fileSize !== null && formatFileSize(attachment.fileSize)}
    </Typography>
  );
}

export function AttachmentPanel() {
  const challenge = useRecordContext<ChallengeDetail>();
  const translate = useTranslate();
  const notify = useNotify();
  const meta = useGameMeta();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<FileType>();
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File>();
  const save = useMutation({
    mutationFn: async (body: AttachmentCreate) => {
      if (body.attachmentType === 'Local' && file) {
        body = { ...body, fileHash: (await dataProvider.uploadAsset(file)).hash };
      }
      return dataProvider.setChallengeAttachment(meta, challenge!.id, body);
    },
    onSuccess: () => {
      setFile(undefined);
      void queryClient.invalidateQueries({ queryKey: ['challenges', 'getOne'] });
      notify('resources.challenges.attachment.saved', { type: 'success' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!challenge || challenge.type === 'DynamicAttachment') return null;

  const current: FileType = challenge.attachment?.type ?? 'None';
  const chosen = kind ?? current;
  const ready =
    chosen === 'None' ? current !== 'None' : chosen === 'Local' ? !!file : url.trim() !== '';
  const apply = () =>
    save.mutate({
      attachmentType: chosen,
      remoteUrl: chosen === 'Remote' ? url.trim() : '',
    });

  return (
    <Card
      sx={{
        width: { xs: '100%', lg: 340 },
        ml: { lg: 2 },
        mt: { xs: 2, lg: 0 },
        alignSelf: 'flex-start',
      }}
    >
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('resources.challenges.attachment.title')}
        </Typography>
        <CurrentAttachment challenge={challenge} />
        <RadioGroup
          value={chosen}
          onChange={(event) => setKind(event.target.value as FileType)}
          sx={{ my: 1 }}
        >
          {enumChoices('FileType').map((type) => (
            <FormControlLabel
              key={type}
              value={type}
              control={<Radio size="small" />}
              label={translate(`resources.challenges.attachment.${type}`)}
            />
          ))}
        </RadioGroup>
        <Stack spacing={1}>
          {chosen === 'Local' && (
            <>
              <input
                ref={fileInput}
                type="file"
                hidden
                onChange={(event) => setFile(event.target.files?.[0])}
              />
              <MuiButton startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()}>
                {file ? file.name : translate('resources.challenges.attachment.choose')}
              </MuiButton>
            </>
          )}
          {chosen === 'Remote' && (
            <TextField
              size="small"
              type="url"
              label={translate('resources.challenges.attachment.url')}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              slotProps={{
                htmlInput: { maxLength: maxLengthOf('AttachmentCreateModel', 'remoteUrl') },
              }}
            />
          )}
          <MuiButton variant="contained" disabled={!ready} loading={save.isPending} onClick={apply}>
            {translate('resources.challenges.attachment.apply')}
          </MuiButton>
        </Stack>
      </CardContent>
    </Card>
  );
}
