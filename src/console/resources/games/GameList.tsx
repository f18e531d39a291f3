/**
 * Every game, hidden ones included, newest first, a page at a time (`count`/`skip`).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ExtensionIcon from '@mui/icons-material/Extension';
import { Link } from 'react-router-dom';
import {
  Button,
  CreateButton,
  DataTable,
  List,
  Pagination,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Game } from '@/api/types';
import { ListError } from '@/console/ListError';
import { consolePaths, useAdminPath } from '@/console/paths';
import { ImportCtfdButton } from './ImportCtfdButton';
import { ImportGameButton } from './ImportGameButton';
import { ZonedDateField } from '@/console/fields/ZonedDateField';

function PosterThumbnail() {
  const record = useRecordContext<Game>();
  if (!record) return null;
  return (
    <Box
      sx={{
        width: 80,
        height: 45,
        borderRadius: 0.5,
        bgcolor: 'action.hover',
        overflow: 'hidden',
      }}
    >
      {record.poster && (
        <Box
          component="img"
          src={record.poster}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}

function Visibility() {
  const record = useRecordContext<Game>();
  const translate = useTranslate();
  if (!record) return null;
  return record.hidden ? (
    <Chip size="small" label={translate('resources.games.hidden')} />
  ) : (
    <Chip size="small" color="success" label={translate('resources.games.visible')} />
  );
}

function ChallengesLink() {
  const record = useRecordContext<Game>();
  const adminPath = useAdminPath();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={adminPath(consolePaths.challenges(record.id))}
      label="resources.challenges.name_other"
      onClick={(event) => event.stopPropagation()}
    >
      <ExtensionIcon />
    </Button>
  );
}

function NoGames() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('resources.games.empty')}
    </Typography>
  );
}

export function GameList() {
  return (
    <List
      actions={
        <TopToolbar>
          <CreateButton />
          <ImportGameButton />
          <ImportCtfdButton />
        </TopToolbar>
      }
      // No "empty" page: its lone Create button would hide the imports, and a new platform's
      // organiser often starts by importing a game (from an archive or from CTFd).
      empty={false}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListError />}
    >
      <DataTable<Game> rowClick="edit" bulkActionButtons={false} empty={<NoGames />}>
        <DataTable.Col source="poster" disableSort field={PosterThumbnail} />
        <DataTable.Col source="title" disableSort />
        <DataTable.Col source="start" disableSort>
          <ZonedDateField source="start" />
        </DataTable.Col>
        <DataTable.Col source="end" disableSort>
          <ZonedDateField source="end" />
        </DataTable.Col>
        <DataTable.Col
          source="hidden"
          label="resources.games.visibility"
          disableSort
          field={Visibility}
        />
        <DataTable.Col label="resources.challenges.name_other" disableSort field={ChallengesLink} />
      </DataTable>
    </List>
  );
}
