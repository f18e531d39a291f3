/**
 * The profile's "Two-step sign-in" section (issue 26): enrol an authenticator app (QR code,
 * confirming code), see the recovery codes once, make new ones, or turn it off (with the password
 * or a current code; not while the organisers require it for the user's role).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment, TwoStepStatus } from '@/api/types';
import { errorMessageOf, useNotify } from '@/lib/notifications';
import {
  useConfirmTotp,
  useDisableTotp,
  useRegenerateRecoveryCodes,
  useStartTotp,
  useTwoStepStatus,
} from '@/hooks/twoStep';
import { PasswordField } from '@/pages/account/components/PasswordField';
import { RecoveryCodesView } from '@/pages/account/components/RecoveryCodesView';
import { TotpSecretView } from '@/pages/account/components/TotpSecretView';

type Panel = 'none' | 'regenerate' | 'disable';

function CodeInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('twoStep.login.code')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 16 } }}
      fullWidth
    />
  );
}

/** Off: start, scan, confirm. */
function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [code, setCode] = useState('');

  if (!enrolment)
    return (
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          loading={start.isPending}
          onClick={() =>
            start.mutate(undefined, { onSuccess: setEnrolment, onError: notify.error })
          }
        >
          {t('twoStep.profile.setup')}
        </Button>
      </Stack>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    confirm.mutate(code, {
      onSuccess: (result) => {
        setEnrolment(undefined);
        onCodes(result.codes);
        notify.show({ color: 'success', message: t('twoStep.profile.enabled') });
      },
      onError: (error) => {
        setCode('');
        notify.error(error);
      },
    });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <TotpSecretView enrolment={enrolment} />
      <Typography variant="body2">{t('twoStep.enrol.code_hint')}</Typography>
      <CodeInput value={code} onChange={setCode} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => setEnrolment(undefined)}>{t('twoStep.profile.cancel')}</Button>
        <Button type="submit" variant="contained" loading={confirm.isPending}>
          {t('twoStep.enrol.confirm')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** On: new recovery codes (with a code) or turn off (with the password or a code). */
function Manage({
  status,
  onCodes,
}: {
  status: TwoStepStatus;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTotp();
  const [panel, setPanel] = useState<Panel>('none');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const open = (next: Panel) => {
    setPanel(next);
    setCode('');
    setPassword('');
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (panel === 'regenerate') {
      regenerate.mutate(code, {
        onSuccess: (result) => {
          open('none');
          onCodes(result.codes);
        },
        onError: notify.error,
      });
    } else if (panel === 'disable') {
      disable.mutate(password ? { password } : { code }, {
        onSuccess: () => {
          open('none');
          notify.show({ color: 'success', message: t('twoStep.profile.disabled') });
        },
        onError: notify.error,
      });
    }
  };

  return (
    <Stack spacing={2}>
      <Alert severity="success">{t('twoStep.profile.on')}</Alert>
      {status.required && <Alert severity="info">{t('twoStep.profile.required')}</Alert>}
      <Typography variant="body2" color="text.secondary">
        {t('twoStep.profile.codes_left', { count: status.recoveryCodesLeft })}
      </Typography>
      {panel === 'none' ? (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => open('regenerate')}>{t('twoStep.profile.regenerate')}</Button>
          {!status.required && (
            <Button color="error" onClick={() => open('disable')}>
              {t('twoStep.profile.disable')}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={submit}>
          <Typography variant="body2">
            {panel === 'regenerate'
              ? t('twoStep.profile.regenerate_hint')
              : t('twoStep.profile.disable_hint')}
          </Typography>
          {panel === 'disable' && (
            <PasswordField
              label={t('account.fields.current_password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              fullWidth
            />
          )}
          {!(panel === 'disable' && password) && <CodeInput value={code} onChange={setCode} />}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => open('none')}>{t('twoStep.profile.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              color={panel === 'disable' ? 'error' : 'primary'}
              loading={regenerate.isPending || disable.isPending}
            >
              {panel === 'regenerate'
                ? t('twoStep.profile.regenerate')
                : t('twoStep.profile.disable')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

export function TwoStepSection({ account }: { account: string }) {
  const { t } = useTranslation();
  const { data: status, error, isPending } = useTwoStepStatus();
  // Shown once, right after they were made; closing forgets them.
  const [codes, setCodes] = useState<string[]>();

  if (codes)
    return <RecoveryCodesView codes={codes} account={account} onDone={() => setCodes(undefined)} />;
  if (isPending) return <Skeleton variant="rounded" height={80} />;
  if (error || !status)
    return <Alert severity="error">{errorMessageOf(error) ?? t('common.error.unknown')}</Alert>;
  if (status.totp) return <Manage status={status} onCodes={setCodes} />;
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('twoStep.profile.off')}</Typography>
      {status.required && <Alert severity="warning">{t('twoStep.profile.required')}</Alert>}
      <Enrol onCodes={setCodes} />
    </Stack>
  );
}
