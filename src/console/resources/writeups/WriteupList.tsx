/**
 * A game's writeups at `/games/:id/writeups`: each team's uploaded file, newest first, with a
 * download button each and "download all" (one tar.gz), beside the game's writeup settings.
 * Downloads go through the shell's download helper and its notifications.
 */
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  DataTable,
  List,
  TopToolbar,
  useGetOne,
  useListContext,
  useTranslate,
} from 'react-admin';
import { useDownload } from '@/lib/download';
import type { Game, WriteupInfo } from '@/api/types';
import { ListError } from '@/console/ListError';
import { writeupFiles } from '@/console/data/writeupRoutes';
import { GameTabs } from '@/console/resources/games/GameTabs';
import { WriteupSettings } from './WriteupSettings';
import { type GameMeta, useGameMeta } from '@/console/data/kit';
import { ZonedDateField } from '@/console/fields/ZonedDateField';

type Download = ReturnType<typeof useDownload>;

const Col = DataTable.Col<WriteupInfo>;

const teamName = ({ team }: WriteupInfo) => team.name ?? `#${team.id}`;

function DownloadAllButton({ meta, download, busy }: { meta: GameMeta } & Download) {
  const { total, isPending } = useListContext<WriteupInfo>();
  return (
    <Button
      label="resources.writeups.download_all"
      disabled={busy || isPending || !total}
      onClick={() => void download(writeupFiles.all(meta.gameId), `writeups-${meta.gameId}.tar.gz`)}
    >
      <DownloadIcon />
    </Button>
  );
}

function DownloadButton({ writeup, download, busy }: { writeup: WriteupInfo } & Download) {
  const translate = useTranslate();
  return (
    <Button
      label="resources.writeups.download"
      aria-label={translate('resources.writeups.download_of', { team: teamName(writeup) })}
      disabled={busy}
      onClick={() => void download(writeup.url, writeupFiles.nameOf(writeup))}
    >
      <DownloadIcon />
    </Button>
  );
}

function Team({ writeup }: { writeup: WriteupInfo }) {
  const name = teamName(writeup);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar src={writeup.team.avatar ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <span>{name}</span>
    </Stack>
  );
}

export function WriteupList() {
  const meta = useGameMeta();
  const translate = useTranslate();
  const { data: game } = useGetOne<Game>('games', { id: meta.gameId });
  const { download, busy } = useDownload();
  return (
    <>
      <GameTabs gameId={meta.gameId} />
      <List
        resource="writeups"
        queryOptions={{ meta }}
        perPage={1000}
        pagination={false}
        disableSyncWithLocation
        storeKey={false}
        title={translate('resources.writeups.title', { game: game?.title ?? '…' })}
        actions={
          <TopToolbar>
            <DownloadAllButton meta={meta} download={download} busy={busy} />
          </TopToolbar>
        }
        empty={false}
        error={<ListError />}
        aside={<WriteupSettings gameId={meta.gameId} game={game} />}
      >
        <DataTable<WriteupInfo>
          bulkActionButtons={false}
          rowClick={false}
          empty={
            <Typography sx={{ p: 2 }} color="text.secondary">
              {translate('resources.writeups.empty')}
            </Typography>
          }
        >
          <Col source="team" disableSort render={(writeup) => <Team writeup={writeup} />} />
          <Col
            source="url"
            label="resources.writeups.fields.file"
            disableSort
            render={(writeup) => writeupFiles.nameOf(writeup)}
          />
          <Col source="uploadTimeUtc" disableSort>
            <ZonedDateField source="uploadTimeUtc" />
          </Col>
          <Col
            align="right"
            disableSort
            render={(writeup) => (
              <DownloadButton writeup={writeup} download={download} busy={busy} />
            )}
          />
        </DataTable>
      </List>
    </>
  );
}

WriteupList.path = '/games/:id/writeups';
