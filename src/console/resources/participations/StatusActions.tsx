/**
 * The status changes that make sense for a participation, one click each. Pessimistic: the row
 * keeps its group until the server answers; an error shows the server's title.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { PARTICIPATIONS_QUERY } from '@/console/registrationUpdates';
import type { Participation, ParticipationStatus } from '@/api/types';
import { nextStatuses } from './review';
import { teamName } from './TeamCell';
import type { GameMeta } from '@/console/data/kit';

const COLOURS: Record<ParticipationStatus, 'success' | 'error' | 'warning' | 'inherit'> = {
  Accepted: 'success',
  Rejected: 'error',
  Suspended: 'warning',
  Pending: 'inherit',
  Unsubmitted: 'inherit',
};

export function StatusActions({
  participation,
  meta,
}: {
  participation: Participation;
  meta: GameMeta;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [update, { isPending }] = useUpdate<Participation>();
  const team = teamName(participation.team);
  const change = (status: ParticipationStatus) =>
    update(
      'participations',
      { id: participation.id, data: { status }, previousData: participation, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          // the menu's pending-reviews badge counts this team no longer (or again)
          void queryClient.invalidateQueries({ queryKey: [...PARTICIPATIONS_QUERY, 'pending'] });
          notify('resources.participations.changed', {
            type: 'success',
            messageArgs: {
              team,
              status: translate(`resources.participations.statuses.${status}`),
            },
          });
        },
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {nextStatuses(participation.status).map((status) => {
        const action = translate(`resources.participations.actions.${status}`);
        return (
          <Button
            key={status}
            size="small"
            variant="outlined"
            color={COLOURS[status]}
            disabled={isPending}
            aria-label={translate('resources.participations.action_of', { action, team })}
            onClick={() => change(status)}
          >
            {action}
          </Button>
        );
      })}
    </Stack>
  );
}
