/**
 * The flag box of a challenge: submit, "checking…" while the server checks, then the result —
 * accepted (celebrated), already solved, wrong (on the field), not available, or still being
 * checked after the polling gave up; once a flag is accepted only the success shows. Refusals (game ended, not allowed, too many submissions) are
 * notifications with the server's title.
 */
import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CelebrationIcon from '@mui/icons-material/Celebration';
import FlagIcon from '@mui/icons-material/Flag';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import { fieldValidator, maxLengthOf } from '@/api/validation';
import { useNotify } from '@/lib/notifications';
import type { ChallengeAttempts } from '@/api/types';
import { useSubmitFlag, type SubmissionOutcome } from '@/hooks/challenges';
import { AttemptsStatus } from './AttemptsStatus';
import { useAttemptWait } from './useAttemptWait';

const validateFlag = fieldValidator('FlagSubmitModel', 'flag');
const FLAG_MAX_LENGTH = maxLengthOf('FlagSubmitModel', 'flag');

export interface FlagFormProps {
  gameId: number;
  challengeId: number;
  title: string;
  /** The team had solved it already (a correct flag then changes nothing). */
  solved: boolean;
  /** After the end, in practice mode: a correct flag is not scored. */
  practice: boolean;
  /** A correct flag was checked (also called when the dialog was closed meanwhile). */
  onAccepted: (challengeId: number) => void;
  /** A flag was sent for checking. */
  onSubmitted?: () => void;
  /** The team's attempts when the challenge has attempt limits (issue 25), and when it was read. */
  attempts?: ChallengeAttempts | null;
  attemptsReadAt?: number;
}

type Shown = SubmissionOutcome | 'AlreadySolved' | undefined;

function Outcome({ outcome, practice }: { outcome: Shown; practice: boolean }) {
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  switch (outcome) {
    case 'Accepted':
      return (
        <Alert
          severity="success"
          icon={<CelebrationIcon />}
          sx={{ animation: 'vexil-pop 400ms ease-out', '@keyframes vexil-pop': pop }}
        >
          {practice ? t('challenges.flag.accepted_practice') : t('challenges.flag.accepted')}
        </Alert>
      );
    case 'AlreadySolved':
      return (
        <Alert severity="info">
          {alone
            ? t('individualPlay.challenges.already_solved')
            : t('challenges.flag.already_solved')}
        </Alert>
      );
    case 'NotFound':
      return (
        <Alert severity="error">
          {alone ? t('individualPlay.challenges.not_found') : t('challenges.flag.not_found')}
        </Alert>
      );
    case 'Timeout':
      return <Alert severity="warning">{t('challenges.flag.timeout')}</Alert>;
    default:
      return null;
  }
}

const pop = {
  from: { transform: 'scale(0.9)', opacity: 0 },
  to: { transform: 'scale(1)', opacity: 1 },
};

export function FlagForm({
  gameId,
  challengeId,
  title,
  solved,
  practice,
  onAccepted,
  onSubmitted,
  attempts,
  attemptsReadAt = 0,
}: FlagFormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [flag, setFlag] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const [shown, setShown] = useState<Shown>();
  const solvedBefore = useRef(solved);
  const gate = useAttemptWait(attempts, attemptsReadAt);
  const submit = useSubmitFlag(gameId, challengeId, {
    onChecked: (outcome) => {
      if (outcome !== 'Accepted') return;
      onAccepted(challengeId);
      if (!solvedBefore.current) {
        notify.show({ color: 'success', title: t('challenges.flag.solved_title'), message: title });
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const failure = validateFlag(flag);
    setInvalid(failure && t(failure.message, failure.args));
    if (failure || submit.isPending || gate.blocked) return;
    setShown(undefined);
    solvedBefore.current = solved;
    onSubmitted?.();
    submit.mutate(flag, {
      onSuccess: (outcome) => {
        if (outcome === 'Accepted') setFlag('');
        setShown(outcome === 'Accepted' && solvedBefore.current ? 'AlreadySolved' : outcome);
      },
      onError: (error) => notify.error(error),
    });
  };

  // A correct flag ends the box's job: the success stays, the field and SUBMIT go (issue 23: they
  // stayed, active, until the dialog was opened again).
  if (shown === 'Accepted' || shown === 'AlreadySolved') {
    return <Outcome outcome={shown} practice={practice} />;
  }

  const wrong = shown === 'WrongAnswer' || shown === 'CheatDetected';
  const error = invalid ?? (wrong ? t('challenges.flag.wrong') : undefined);
  return (
    <Stack spacing={1.5}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={t('challenges.flag.form')}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label={t('challenges.flag.label')}
          placeholder={t('challenges.flag.placeholder')}
          value={flag}
          onChange={(event) => {
            setFlag(event.target.value);
            setInvalid(undefined);
            if (wrong) setShown(undefined);
          }}
          error={error !== undefined}
          helperText={error ?? (submit.isPending ? t('challenges.flag.checking') : ' ')}
          size="small"
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: FLAG_MAX_LENGTH, spellCheck: false } }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={submit.isPending}
          disabled={gate.blocked}
          startIcon={<FlagIcon />}
          sx={{ flexShrink: 0, minHeight: 40 }}
        >
          {t('challenges.flag.submit')}
        </Button>
      </Box>
      <AttemptsStatus gate={gate} />
      <Outcome outcome={shown} practice={practice} />
    </Stack>
  );
}
