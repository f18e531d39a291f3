/**
 * "Preview" on the challenge edit page: a dialog showing the challenge as a player's challenge
 * dialog will, from the form's live values (saved or not) and the record's solve count and
 * attachment. The flag box and the instance panel are shown disabled.
 */
import { useState } from 'react';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, FormDataConsumer, useRecordContext, useTranslate } from 'react-admin';
import type { ChallengeDetail } from '@/api/types';
import { ChallengeView, type ChallengeViewAttachment } from '@/components/challenge/ChallengeView';
import { hasContainer } from './choices';
import { dynamicScore, isPlottable } from './score';

/** The download name of per-team files the organiser did not change (the server's default). */
const DEFAULT_FILE_NAME = 'attachment';

function attachmentOf(
  challenge: ChallengeDetail,
  fileName: string,
): ChallengeViewAttachment | null {
  if (challenge.type === 'DynamicAttachment') {
    // left at the default name, each team's file keeps the name it was uploaded with (issue 23)
    const named = fileName !== '' && fileName !== DEFAULT_FILE_NAME;
    return { type: 'Local', url: null, perTeam: true, name: named ? fileName : undefined };
  }
  const { attachment } = challenge;
  return (
    attachment && { type: attachment.type, url: attachment.url, fileSize: attachment.fileSize }
  );
}

/** What a player acts with, disabled: the flag box, and the instance panel of containers. */
function PlayerControls({ challenge }: { challenge: ChallengeDetail }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      {hasContainer(challenge.type) && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <MuiButton variant="contained" disabled startIcon={<PlayArrowIcon />}>
            {translate('resources.challenges.preview.start_instance')}
          </MuiButton>
          <Typography variant="body2" color="text.secondary">
            {translate('resources.challenges.preview.instance_help')}
          </Typography>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          disabled
          label={translate('resources.challenges.preview.flag')}
          helperText={translate('resources.challenges.preview.flag_help')}
        />
        <MuiButton variant="contained" disabled>
          {translate('resources.challenges.preview.submit')}
        </MuiButton>
      </Stack>
    </Stack>
  );
}

export function ChallengePreviewButton() {
  const record = useRecordContext<ChallengeDetail>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button label="resources.challenges.preview.button" onClick={() => setOpen(true)}>
        <VisibilityIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="md"
        aria-labelledby="challenge-preview-title"
      >
        <DialogTitle id="challenge-preview-title" color="text.secondary" variant="subtitle1">
          {translate('resources.challenges.preview.title')}
        </DialogTitle>
        <DialogContent>
          <FormDataConsumer<ChallengeDetail>>
            {({ formData }) => {
              const params = {
                originalScore: formData.originalScore,
                minScoreRate: formData.minScoreRate,
                difficulty: formData.difficulty,
              };
              return (
                <ChallengeView
                  title={formData.title ?? ''}
                  category={formData.category ?? record.category}
                  score={
                    isPlottable(params) ? dynamicScore(params, record.acceptedCount) : undefined
                  }
                  content={formData.content ?? ''}
                  hints={(formData.hints ?? []).map((hint) =>
                    typeof hint === 'string' ? hint : '',
                  )}
                  attachment={attachmentOf(record, formData.fileName || record.fileName || '')}
                >
                  <PlayerControls challenge={record} />
                </ChallengeView>
              );
            }}
          </FormDataConsumer>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('common.close')}</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
