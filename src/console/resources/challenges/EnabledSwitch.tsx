/** Enables or disables a challenge at once (`PUT …/challenges/{cId}` with `{isEnabled}`). */
import Switch from '@mui/material/Switch';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import type { ChallengeListRecord } from '@/console/data/challengeRoutes';
import type { GameMeta } from '@/console/data/kit';

export function EnabledSwitch({ meta }: { meta: GameMeta }) {
  const record = useRecordContext<ChallengeListRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<ChallengeListRecord>();
  if (!record) return null;
  const toggle = () =>
    update(
      'challenges',
      { id: record.id, data: { isEnabled: !record.isEnabled }, previousData: record, meta },
      {
        mutationMode: 'pessimistic',
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  return (
    <Switch
      size="small"
      checked={record.isEnabled}
      disabled={isPending}
      onChange={toggle}
      slotProps={{
        input: {
          'aria-label': translate('resources.challenges.enable', { title: record.title }),
        },
      }}
    />
  );
}
