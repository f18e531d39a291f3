/**
 * One challenge as the team sees it, in a dialog over the board (full screen on phones): the
 * description, hints and attachment (downloaded in the page), the container panel of container
 * challenges, and the flag box. A solved challenge says so first and offers neither the flag box
 * nor a new instance (the box stays for a flag just sent here, to show its outcome).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import type { ChallengeType, TeamChallenge } from '@/api/types';
import { useDownload } from '@/lib/download';
import { errorMessageOf } from '@/lib/notifications';
import { useLoadingSlow } from '@/lib/useLoadingSlow';
import { ChallengeView, type ChallengeViewAttachment } from '@/components/challenge/ChallengeView';
import { useTeamChallenge } from '@/hooks/challenges';
import { FlagForm } from './FlagForm';
import { InstancePanel } from './InstancePanel';
import { PricedHints } from './PricedHints';

const hasContainer = (type: ChallengeType) =>
  type === 'StaticContainer' || type === 'DynamicContainer';

function attachmentOf(
  { context }: TeamChallenge,
  download: ChallengeViewAttachment['onDownload'],
): ChallengeViewAttachment | null {
  if (!context.url) return null;
  // local files are served by the platform (`/assets/…`); anything else is a link elsewhere
  const local = context.url.startsWith('/');
  return {
    type: local ? 'Local' : 'Remote',
    url: context.url,
    fileSize: context.fileSize,
    onDownload: download,
  };
}

function Loading() {
  const { t } = useTranslation();
  const slow = useLoadingSlow(true);
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton variant="text" width="50%" sx={{ fontSize: '2rem' }} />
      <Skeleton variant="rectangular" height={120} />
      <Skeleton variant="rectangular" height={40} />
      {slow && <Alert severity="info">{t('challenges.slow')}</Alert>}
    </Stack>
  );
}

export interface ChallengeDialogProps {
  gameId: number;
  /** The open challenge; undefined closes the dialog. */
  challengeId: number | undefined;
  /** Its title from the list, shown while it loads. */
  title: string | undefined;
  solved: boolean;
  practice: boolean;
  onAccepted: (challengeId: number) => void;
  onClose: () => void;
}

export function ChallengeDialog(props: ChallengeDialogProps) {
  const { gameId, challengeId, title, solved, practice, onAccepted, onClose } = props;
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { download } = useDownload();
  // the last challenge stays shown while the dialog closes
  const [shownId, setShownId] = useState(challengeId);
  if (challengeId !== undefined && challengeId !== shownId) setShownId(challengeId);
  const {
    data: challenge,
    dataUpdatedAt,
    error,
    isPending,
    refetch,
  } = useTeamChallenge(gameId, shownId);
  const open = challengeId !== undefined;
  // a challenge whose flag was sent from this dialog keeps its flag box to show the outcome (the
  // board may say "solved" before the check answers), until the dialog closes
  const [submittedId, setSubmittedId] = useState<number>();
  if (!open && submittedId !== undefined) setSubmittedId(undefined);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      slotProps={{ paper: { 'aria-label': challenge?.title ?? title ?? t('challenges.dialog') } }}
    >
      <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 1, pt: 1 }}>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <DialogContent sx={{ pt: 0 }}>
        {error ? (
          <Alert
            severity="error"
            action={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
          >
            {errorMessageOf(error) ?? t('common.error.unknown')}
          </Alert>
        ) : isPending || !challenge ? (
          <Loading />
        ) : (
          <ChallengeView
            title={challenge.title}
            category={challenge.category}
            score={challenge.score}
            content={challenge.content}
            hints={challenge.hints}
            attachment={attachmentOf(challenge, (url, name) => void download(url, name))}
          >
            <PricedHints
              gameId={gameId}
              challengeId={challenge.id}
              hints={challenge.pricedHints ?? []}
              policy={challenge.hintPolicy ?? 'AtUnlock'}
            />
            {solved && (
              <Alert severity="success" icon={<CheckCircleIcon />}>
                <AlertTitle>{t('challenges.card.solved')}</AlertTitle>
                {alone ? t('individualPlay.challenges.solved') : t('challenges.dialog_solved')}
              </Alert>
            )}
            {hasContainer(challenge.type) && (
              <InstancePanel gameId={gameId} challenge={challenge} solved={solved} />
            )}
            {(!solved || submittedId === challenge.id) && (
              <FlagForm
                key={challenge.id}
                gameId={gameId}
                challengeId={challenge.id}
                title={challenge.title}
                solved={solved}
                practice={practice}
                onAccepted={onAccepted}
                onSubmitted={() => setSubmittedId(challenge.id)}
                attempts={challenge.context.attempts}
                attemptsReadAt={dataUpdatedAt}
              />
            )}
          </ChallengeView>
        )}
      </DialogContent>
    </Dialog>
  );
}
