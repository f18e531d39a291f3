/**
 * An endpoint's delivery log, newest first, a page at a time: event, status, attempts, when it
 * was queued and last tried, what the receiver answered (or why it could not be reached), until
 * when the scoreboard freeze holds it back, and "Redeliver" on a failed one. Read again every few
 * seconds while a delivery is pending, so a test sent from this page shows its result by itself.
 * "Send test" is above it.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Webhook, WebhookDelivery } from '@/api/types';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { usePaginationLabels } from '@/console/usePaginationLabels';
import { outcomeOf, statusColour } from './deliveryText';
import { formatDateTime } from '@/lib/time/format';

/** How often the log is read again while something is pending, and otherwise. */
export const PENDING_REFRESH_MS = 2_000;
export const IDLE_REFRESH_MS = 30_000;

/**
 * Read by screen readers, not shown (a header for the column of buttons). Pixels spelled out: in
 * `sx` a bare 1 is 100 %, and the span, as wide as its positioned ancestor, widened a phone's page.
 */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const logKey = (id: number) => ['webhookDeliveries', id];

function SendTestButton({ hook }: { hook: Webhook }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => dataProvider.sendWebhookTest(hook.id),
    onSuccess: () => {
      notify('resources.webhooks.notifications.test_queued', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: logKey(hook.id) });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Button
      label="resources.webhooks.action.test"
      variant="contained"
      onClick={() => send.mutate()}
      disabled={send.isPending}
    >
      <SendIcon />
    </Button>
  );
}

function RedeliverButton({ hook, delivery }: { hook: Webhook; delivery: WebhookDelivery }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const again = useMutation({
    mutationFn: () => dataProvider.redeliverWebhook(hook.id, delivery.id),
    onSuccess: () => {
      notify('resources.webhooks.notifications.redelivery_queued', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: logKey(hook.id) });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Button
      label="resources.webhooks.action.redeliver"
      onClick={() => again.mutate()}
      disabled={again.isPending}
    >
      <ReplayIcon />
    </Button>
  );
}

export function DeliveryLog() {
  const hook = useRecordContext<Webhook>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const paginationLabels = usePaginationLabels();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const id = hook?.id ?? 0;
  const log = useQuery({
    queryKey: [...logKey(id), page, perPage],
    queryFn: () => dataProvider.webhookDeliveries(id, { skip: page * perPage, count: perPage }),
    enabled: id > 0,
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.status === 'Pending')
        ? PENDING_REFRESH_MS
        : IDLE_REFRESH_MS,
  });
  if (!hook) return null;
  const time = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, locale));
  const rows = log.data?.data ?? [];
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          {translate('resources.webhooks.deliveries.title')}
        </Typography>
        <SendTestButton hook={hook} />
      </Stack>
      {log.isError ? (
        <Typography color="error">{(log.error as Error).message}</Typography>
      ) : rows.length === 0 && !log.isPending ? (
        <Typography sx={{ color: 'text.secondary' }}>
          {translate('resources.webhooks.deliveries.empty')}
        </Typography>
      ) : (
        // Scrolls in its own box on a phone: its width never widens the page (width 0, then the
        // whole line). Positioned, so that the hidden header is clipped with the table too.
        <TableContainer sx={{ width: 0, minWidth: '100%', position: 'relative' }}>
          <Table size="small" aria-label={translate('resources.webhooks.deliveries.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.webhooks.deliveries.event')}</TableCell>
                <TableCell>{translate('resources.webhooks.deliveries.status')}</TableCell>
                <TableCell>{translate('resources.webhooks.deliveries.attempts')}</TableCell>
                <TableCell>{translate('resources.webhooks.deliveries.createdAt')}</TableCell>
                <TableCell>{translate('resources.webhooks.deliveries.lastAttemptAt')}</TableCell>
                <TableCell>{translate('resources.webhooks.deliveries.outcome')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('resources.webhooks.deliveries.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((delivery) => {
                const outcome = outcomeOf(delivery);
                return (
                  <TableRow key={delivery.id} data-status={delivery.status}>
                    <TableCell>
                      {translate(`resources.webhooks.events.${delivery.event}`)}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={statusColour(delivery.status)}
                        label={translate(`resources.webhooks.status.${delivery.status}`)}
                      />
                    </TableCell>
                    <TableCell>{delivery.attempts}</TableCell>
                    <TableCell>{time(delivery.createdAt)}</TableCell>
                    <TableCell>{time(delivery.lastAttemptAt)}</TableCell>
                    <TableCell>
                      {translate(outcome.key, outcome.values)}
                      {delivery.heldUntil !== null && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {translate('resources.webhooks.deliveries.held_until', {
                            time: time(delivery.heldUntil),
                          })}
                        </Typography>
                      )}
                      {delivery.nextAttemptAt !== null && delivery.attempts > 0 && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {translate('resources.webhooks.deliveries.next', {
                            time: time(delivery.nextAttemptAt),
                          })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      {delivery.status !== 'Pending' && (
                        <RedeliverButton hook={hook} delivery={delivery} />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <TablePagination
            {...paginationLabels}
            component="div"
            count={log.data?.total ?? 0}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(0);
            }}
          />
        </TableContainer>
      )}
    </Stack>
  );
}
