import Typography from '@mui/material/Typography';
import {
  Edit,
  ListButton,
  SimpleForm,
  TopToolbar,
  useRecordContext,
  useTranslate,
  useLocaleState,
} from 'react-admin';
import type { UserRecord } from '@/console/data/dataRoutes';
import { BanButton } from './BanButton';
import { ResetPasswordButton } from './ResetPasswordButton';
import { ResetTwoStepButton } from './ResetTwoStepButton';
import { UserInputs } from './UserInputs';
import { UserTokens } from '@/console/resources/tokens/UserTokens';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';
import { formatDateTime } from '@/lib/time/format';

function UserEditActions() {
  return (
    <TopToolbar>
      <BanButton />
      <ResetPasswordButton />
      <ResetTwoStepButton />
      <ListButton />
    </TopToolbar>
  );
}

/** Registration time, last visit and address: shown, not edited. */
function UserFacts() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const time = (ms: number) => (ms ? formatDateTime(ms, locale) : '—');
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate('resources.users.facts', {
        id: record.id,
        registered: time(record.registerTimeUtc),
        visited: time(record.lastVisitedUtc),
        ip: record.ip || '—',
      })}
    </Typography>
  );
}

/** Pessimistic: server errors (name taken…) show before leaving; delete asks for confirmation. */
export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<UserEditActions />} redirect="list">
      <SimpleForm>
        <UnsavedChangesGuard />
        <UserFacts />
        <UserInputs />
      </SimpleForm>
      <UserTokens />
    </Edit>
  );
}
