/** Bans a user (role Banned) or lifts the ban (role User), after confirmation. */
import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Confirm, useNotify, useRecordContext, useUpdate } from 'react-admin';
import type { UserRecord } from '@/console/data/dataRoutes';

export function BanButton() {
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [update, { isPending }] = useUpdate<UserRecord>();
  if (!record) return null;
  const banned = record.role === 'Banned';
  const action = banned ? 'unban' : 'ban';
  const apply = () => {
    setConfirming(false);
    update(
      'users',
      { id: record.id, data: { role: banned ? 'User' : 'Banned' }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(`resources.users.${action}.done`, { type: 'info' }),
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  };
  return (
    <>
      <Button
        label={`resources.users.${action}.button`}
        color={banned ? 'primary' : 'error'}
        onClick={() => setConfirming(true)}
        disabled={isPending}
      >
        {banned ? <CheckCircleIcon /> : <BlockIcon />}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={`resources.users.${action}.confirm_title`}
        content={`resources.users.${action}.confirm_text`}
        translateOptions={{ name: record.userName ?? record.id }}
        confirmColor={banned ? 'primary' : 'warning'}
        onConfirm={apply}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
