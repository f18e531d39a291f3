/**
 * Locks or unlocks a team in one click (`PUT /api/admin/teams/{id}` with `{locked}`), waiting for
 * the server: the switch moves only once the change is saved.
 */
import Switch from '@mui/material/Switch';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import type { TeamInfo } from '@/api/types';

export function LockSwitch() {
  const record = useRecordContext<TeamInfo>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<TeamInfo>();
  if (!record) return null;
  const toggle = () =>
    update(
      'teams',
      { id: record.id, data: { locked: !record.locked }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  return (
    <Switch
      size="small"
      checked={record.locked}
      disabled={isPending}
      onChange={toggle}
      // the row opens the team on click; the switch must not
      onClick={(event) => event.stopPropagation()}
      slotProps={{
        input: {
          'aria-label': translate('resources.teams.lock_toggle', {
            name: record.name ?? record.id,
          }),
        },
      }}
    />
  );
}
