/**
 * A game's notices at `/games/:id/notices`: the organisers' notices newest first, each editable
 * and deletable, beside the form that publishes a new one.
 */
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { List, RecordContextProvider, useGetOne, useListContext, useTranslate } from 'react-admin';
import type { Game, GameNotice } from '@/api/types';
import { ListError } from '@/console/ListError';
import { GameTabs } from '@/console/resources/games/GameTabs';
import { NoticeCard } from './NoticeCard';
import { NoticeCreate } from './NoticeCreate';
import { type GameMeta, useGameMeta } from '@/console/data/kit';

function Notices({ meta }: { meta: GameMeta }) {
  const translate = useTranslate();
  const { data = [], isPending } = useListContext<GameNotice>();
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.notices.help')}
      </Typography>
      {isPending ? (
        <Skeleton variant="rounded" height={120} aria-busy="true" />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.notices.empty')}</Typography>
      ) : (
        data.map((notice) => (
          <RecordContextProvider key={notice.id} value={notice}>
            <NoticeCard meta={meta} />
          </RecordContextProvider>
        ))
      )}
    </Stack>
  );
}

export function NoticeList() {
  const meta = useGameMeta();
  const translate = useTranslate();
  const { data: game } = useGetOne<Game>('games', { id: meta.gameId });
  return (
    <>
      <GameTabs gameId={meta.gameId} />
      <List
        resource="notices"
        queryOptions={{ meta }}
        perPage={1000}
        pagination={false}
        disableSyncWithLocation
        storeKey={false}
        title={translate('resources.notices.title', { game: game?.title ?? '…' })}
        actions={false}
        empty={false}
        error={<ListError />}
        aside={<NoticeCreate meta={meta} />}
      >
        <Notices meta={meta} />
      </List>
    </>
  );
}

NoticeList.path = '/games/:id/notices';
