/** Fields of a webhook shared by its list and its page: scope, events, last delivery. */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Webhook } from '@/api/types';
import { statusColour } from './deliveryText';

/** "All games", or the game's title. */
export function ScopeField() {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{record.gameTitle ?? translate('resources.webhooks.all_games')}</span>;
}

export function EventsField() {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.events.length === 0) return <span>{translate('resources.webhooks.no_events')}</span>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.events.map((event) => (
        <Chip key={event} size="small" label={translate(`resources.webhooks.events.${event}`)} />
      ))}
    </Stack>
  );
}

export function FormatField() {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`resources.webhooks.formats.${record.format}`)}</span>;
}

/** The newest delivery's state, or "Never sent". */
export function LastDeliveryField() {
  const record = useRecordContext<Webhook>();
  const translate = useTranslate();
  if (!record) return null;
  const status = record.lastDelivery?.status;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColour(status)}
      label={translate(`resources.webhooks.status.${status ?? 'none'}`)}
    />
  );
}
