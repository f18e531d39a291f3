/**
 * The sign-in's second step, after a right password (issue 26): a code from the authenticator
 * app, or one of the recovery codes. When the account's role requires a second step it has not
 * set up, the user enrols an app here first (QR code, confirming code, recovery codes shown once)
 * and is signed in by the confirmation.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import type { SecondStepChallenge, TotpEnrolment } from '@/api/types';
import { AccountCard } from './AccountCard';
import { errorMessageOf } from '@/lib/notifications';
import { statusOf } from '@/lib/notifications/describeError';
import { useSecondStep, useSignInEnrolConfirm, useSignInEnrolStart } from '@/hooks/twoStep';
import { isPasskeyCancelled, usePasskeySecondStep } from '@/hooks/passkeys';
import { RecoveryCodesView } from './RecoveryCodesView';
import { TotpSecretView } from './TotpSecretView';

interface Props {
  challenge: SecondStepChallenge;
  /** Signed in: go on. */
  onSignedIn: () => void;
  /** The pending sign-in is gone (expired, used, too many wrong codes): back to the password. */
  onRestart: () => void;
}

/** A 401 means the pending sign-in is over; anything else is about the code typed. */
function useFailure(onRestart: () => void) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<{ text: string; over: boolean }>();
  const fail = (error: unknown) =>
    setFailure({
      text: errorMessageOf(error) ?? t('common.error.unknown'),
      over: statusOf(error) === 401,
    });
  const alert = failure && (
    <Alert
      severity="error"
      action={
        failure.over ? (
          <Button color="inherit" size="small" onClick={onRestart}>
            {t('twoStep.login.back')}
          </Button>
        ) : undefined
      }
    >
      {failure.text}
    </Alert>
  );
  return { fail, clear: () => setFailure(undefined), alert };
}

function CodeField(props: {
  value: string;
  onChange: (value: string) => void;
  recovery?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={props.recovery ? t('twoStep.login.recovery_code') : t('twoStep.login.code')}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      autoComplete={props.recovery ? 'off' : 'one-time-code'}
      slotProps={{
        htmlInput: props.recovery
          ? { maxLength: 64, spellCheck: false }
          : { inputMode: 'numeric', maxLength: 16, pattern: '[0-9 ]*' },
      }}
      autoFocus
      required
      fullWidth
    />
  );
}

function CodeStep({ challenge, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(!challenge.methods.includes('Totp'));
  const [value, setValue] = useState('');
  const finish = useSecondStep();
  const passkey = usePasskeySecondStep();
  const { fail, clear, alert } = useFailure(onRestart);
  const canUseRecovery = challenge.methods.includes('RecoveryCode');
  const canUsePasskey = challenge.methods.includes('Passkey') && browserSupportsWebAuthn();

  const usePasskey = () => {
    clear();
    passkey.mutate(undefined, {
      onSuccess: onSignedIn,
      onError: (error) =>
        isPasskeyCancelled(error)
          ? fail(new Error(t('twoStep.login.passkey_cancelled')))
          : fail(error),
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    clear();
    finish.mutate(recovery ? { recoveryCode: value } : { code: value }, {
      onSuccess: onSignedIn,
      onError: (error) => {
        setValue('');
        fail(error);
      },
    });
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      <Typography variant="body2">
        {recovery ? t('twoStep.login.recovery_hint') : t('twoStep.login.code_hint')}
      </Typography>
      {alert}
      <CodeField key={String(recovery)} value={value} onChange={setValue} recovery={recovery} />
      <Button type="submit" variant="contained" size="large" loading={finish.isPending}>
        {t('twoStep.login.submit')}
      </Button>
      {canUseRecovery && challenge.methods.includes('Totp') && (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => {
            setRecovery((r) => !r);
            setValue('');
            clear();
          }}
        >
          {recovery ? t('twoStep.login.use_code') : t('twoStep.login.use_recovery')}
        </Link>
      )}
      {canUsePasskey && (
        <Button
          variant="outlined"
          startIcon={<KeyIcon />}
          onClick={usePasskey}
          loading={passkey.isPending}
        >
          {t('twoStep.login.use_passkey')}
        </Button>
      )}
    </Stack>
  );
}

function EnrolStep({ onSignedIn, onRestart }: Omit<Props, 'challenge'>) {
  const { t } = useTranslation();
  const start = useSignInEnrolStart();
  const confirm = useSignInEnrolConfirm();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [value, setValue] = useState('');
  const { fail, clear, alert } = useFailure(onRestart);
  const started = useRef(false);

  // Once, when the step opens (a second start would replace the secret being shown).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate(undefined, { onSuccess: setEnrolment, onError: fail });
  }, [start, fail]);

  if (codes)
    return (
      <RecoveryCodesView
        codes={codes}
        onDone={onSignedIn}
        doneLabel={t('twoStep.login.continue')}
      />
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    clear();
    confirm.mutate(value, {
      onSuccess: (result) => setCodes(result.codes),
      onError: (error) => {
        setValue('');
        fail(error);
      },
    });
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      <Alert severity="info">{t('twoStep.login.enrol_hint')}</Alert>
      {alert}
      {enrolment && <TotpSecretView enrolment={enrolment} />}
      <Typography variant="body2">{t('twoStep.enrol.code_hint')}</Typography>
      <CodeField value={value} onChange={setValue} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={confirm.isPending}
        disabled={!enrolment}
      >
        {t('twoStep.enrol.confirm')}
      </Button>
    </Stack>
  );
}

export function SecondStepForm(props: Props) {
  return props.challenge.enrolRequired ? (
    <EnrolStep onSignedIn={props.onSignedIn} onRestart={props.onRestart} />
  ) : (
    <CodeStep {...props} />
  );
}

/** The sign-in page's card for the second step. */
export function SecondStepCard(props: Props) {
  const { t } = useTranslation();
  return (
    <AccountCard
      title={
        props.challenge.enrolRequired ? t('twoStep.login.enrol_title') : t('twoStep.login.title')
      }
    >
      <SecondStepForm {...props} />
    </AccountCard>
  );
}
