/**
 * Every webhook endpoint, newest first, or a game's own when the list is filtered by game
 * (`?filter={"gameId":…}`, the link on a game's pages): name and URL, scope, format, events,
 * enabled, the last delivery's state (on a phone: name, games, format and last delivery). A row
 * opens the endpoint's page with its delivery log.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  BooleanField,
  CreateButton,
  DataTable,
  List,
  Pagination,
  SimpleList,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Webhook } from '@/api/types';
import { ListError } from '@/console/ListError';
import { EventsField, FormatField, LastDeliveryField, ScopeField } from './WebhookFields';
import { WebhookHelpButton } from './WebhookHelp';

function NameAndUrl() {
  const record = useRecordContext<Webhook>();
  if (!record) return null;
  return (
    <Box sx={{ maxWidth: 360 }}>
      <div>{record.name}</div>
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
      >
        {record.url}
      </Typography>
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p">
        {translate('resources.webhooks.empty')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('resources.webhooks.invite')}</Typography>
      {/* The empty page replaces the list's toolbar: the help is offered here too. */}
      <Stack direction="row" sx={{ justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}>
        <CreateButton variant="contained" />
        <WebhookHelpButton />
      </Stack>
    </Box>
  );
}

/** "Webhooks of <game>" above a list filtered by game. */
function GameHeading() {
  const { filterValues, data } = useListContext<Webhook>();
  const translate = useTranslate();
  if (!filterValues?.gameId) return null;
  const title = data?.[0]?.gameTitle ?? `#${String(filterValues.gameId)}`;
  return (
    <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1 }}>
      {translate('resources.webhooks.of_game', { title })}
    </Typography>
  );
}

/** On a phone, one line per endpoint: name, then games and format, the last delivery aside. */
function PhoneList() {
  const translate = useTranslate();
  return (
    <SimpleList<Webhook>
      linkType="show"
      primaryText={(record) => record.name}
      secondaryText={(record) =>
        `${record.gameTitle ?? translate('resources.webhooks.all_games')} · ${translate(
          `resources.webhooks.formats.${record.format}`,
        )}`
      }
      tertiaryText={(record) =>
        translate(`resources.webhooks.status.${record.lastDelivery?.status ?? 'none'}`)
      }
    />
  );
}

/** "How webhooks work", and "Create" for the game the list is filtered by when it is. */
function Actions() {
  const { filterValues } = useListContext<Webhook>();
  const gameId = Number(filterValues?.gameId) || undefined;
  return (
    <TopToolbar>
      <WebhookHelpButton />
      <CreateButton
        to={gameId ? { pathname: '/webhooks/create', search: `?gameId=${gameId}` } : undefined}
      />
    </TopToolbar>
  );
}

export function WebhookList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      actions={<Actions />}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      exporter={false}
      empty={<Empty />}
      error={<ListError />}
    >
      <GameHeading />
      {phone ? (
        <PhoneList />
      ) : (
        <DataTable<Webhook> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" disableSort field={NameAndUrl} />
          <DataTable.Col
            source="gameId"
            label="resources.webhooks.fields.scope"
            disableSort
            field={ScopeField}
          />
          <DataTable.Col source="format" disableSort field={FormatField} />
          <DataTable.Col source="events" disableSort field={EventsField} />
          <DataTable.Col source="enabled" disableSort>
            <BooleanField source="enabled" />
          </DataTable.Col>
          <DataTable.Col source="lastDelivery" disableSort field={LastDeliveryField} />
        </DataTable>
      )}
    </List>
  );
}
