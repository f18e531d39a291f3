/**
 * Resets a user's two-step sign-in (issue 26), after confirmation: their authenticator app and
 * recovery codes are removed, for a user who lost their device. The server logs who did it.
 */
import { useState } from 'react';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { useMutation } from '@tanstack/react-query';
import { Button, Confirm, useNotify, useRecordContext } from 'react-admin';
import { api, unwrap } from '@/api/client';
import type { UserRecord } from '@/console/data/dataRoutes';

export function ResetTwoStepButton() {
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: async (userid: string) =>
      unwrap(
        await api.DELETE('/api/admin/users/{userid}/two-step', { params: { path: { userid } } }),
      ),
    onSuccess: () => notify('twoStep.console.reset_done', { type: 'success' }),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!record) return null;
  return (
    <>
      <Button
        label="twoStep.console.reset"
        onClick={() => setConfirming(true)}
        disabled={reset.isPending}
      >
        <PhonelinkEraseIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={reset.isPending}
        title="twoStep.console.reset_title"
        content="twoStep.console.reset_text"
        translateOptions={{ name: record.userName ?? String(record.id) }}
        onConfirm={() => {
          setConfirming(false);
          reset.mutate(String(record.id));
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
