/**
 * A game's Review page at `/games/:id/review`: every registration, grouped by status with the
 * pending ones first, searchable by team name and filterable by division, with one-click status
 * changes.
 */
import Typography from '@mui/material/Typography';
import { List, useGetOne, useTranslate } from 'react-admin';
import type { Game } from '@/api/types';
import { ListError } from '@/console/ListError';
import { GameTabs } from '@/console/resources/games/GameTabs';
import { ReviewBoard } from './ReviewBoard';
import { useGameMeta } from '@/console/data/kit';
import { PlayModeProvider, useIndividualPlay } from '@/lib/playMode';

function Empty() {
  const translate = useTranslate();
  const alone = useIndividualPlay();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary">
      {translate(alone ? 'individualPlay.console.review_empty' : 'resources.participations.empty')}
    </Typography>
  );
}

export function ParticipationReview() {
  const meta = useGameMeta();
  const translate = useTranslate();
  const { data: game } = useGetOne<Game>('games', { id: meta.gameId });
  // an individual game's registrations are players: the page names them so (issue 25)
  return (
    <PlayModeProvider game={game}>
      <GameTabs gameId={meta.gameId} />
      <List
        resource="participations"
        queryOptions={{ meta }}
        perPage={1000}
        pagination={false}
        disableSyncWithLocation
        storeKey={false}
        actions={false}
        title={translate('resources.participations.list_title', { game: game?.title ?? '…' })}
        empty={<Empty />}
        error={<ListError />}
      >
        <ReviewBoard meta={meta} divisions={game?.divisions ?? []} />
      </List>
    </PlayModeProvider>
  );
}

ParticipationReview.path = '/games/:id/review';
