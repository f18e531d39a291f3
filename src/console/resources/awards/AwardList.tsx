/**
 * A game's awards at `/games/:id/awards` (issue 25): every award newest first, with its team,
 * points, reason, time and giver, each editable and removable, beside the form that gives one.
 */
import { useState } from 'react';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { Button, DataTable, DeleteButton, List, useGetOne, useTranslate } from 'react-admin';
import { PlayModeProvider } from '@/lib/playMode';
import type { Award, Game } from '@/api/types';
import { ListError } from '@/console/ListError';
import { ZonedDateField } from '@/console/fields/ZonedDateField';
import { GameTabs } from '@/console/resources/games/GameTabs';
import { type GameMeta, useGameMeta } from '@/console/data/kit';
import { AwardCreate } from './AwardCreate';
import { AwardEditDialog } from './AwardEditDialog';

const Col = DataTable.Col<Award>;

function Points({ award }: { award: Award }) {
  return (
    <Typography
      component="span"
      sx={{
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        color: award.value < 0 ? 'error.main' : 'success.main',
      }}
    >
      {award.value > 0 ? `+${award.value}` : award.value}
    </Typography>
  );
}

function AwardActions({ award, meta }: { award: Award; meta: GameMeta }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Button label="ra.action.edit" onClick={() => setEditing(true)}>
        <EditIcon />
      </Button>
      <DeleteButton
        record={award}
        mutationMode="pessimistic"
        mutationOptions={{ meta }}
        redirect={false}
        confirmTitle="resources.awards.delete_title"
        confirmContent="resources.awards.delete_content"
      />
      {editing && <AwardEditDialog award={award} meta={meta} onClose={() => setEditing(false)} />}
    </>
  );
}

export function AwardList() {
  const meta = useGameMeta();
  const translate = useTranslate();
  const { data: game } = useGetOne<Game>('games', { id: meta.gameId });
  // in an individual game the awards go to players: the page names them so (issue 25)
  return (
    <PlayModeProvider game={game}>
      <GameTabs gameId={meta.gameId} />
      <List
        resource="awards"
        queryOptions={{ meta }}
        perPage={1000}
        pagination={false}
        disableSyncWithLocation
        storeKey={false}
        title={translate('resources.awards.title', { game: game?.title ?? '…' })}
        actions={false}
        empty={false}
        error={<ListError />}
        aside={<AwardCreate meta={meta} />}
      >
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, pb: 0 }}>
          {translate('resources.awards.help')}
        </Typography>
        <DataTable<Award>
          bulkActionButtons={false}
          rowClick={false}
          empty={
            <Typography sx={{ p: 2 }} color="text.secondary">
              {translate('resources.awards.empty')}
            </Typography>
          }
        >
          <Col
            source="teamName"
            disableSort
            label={game?.playMode === 'Individual' ? 'individualPlay.console.player' : undefined}
          />
          <Col source="value" disableSort render={(award) => <Points award={award} />} />
          <Col source="reason" disableSort />
          <Col source="time" disableSort>
            <ZonedDateField source="time" />
          </Col>
          <Col source="givenBy" disableSort render={(award) => award.givenBy ?? '—'} />
          <Col
            align="right"
            disableSort
            label="resources.awards.fields.actions"
            render={(award) => <AwardActions award={award} meta={meta} />}
          />
        </DataTable>
      </List>
    </PlayModeProvider>
  );
}

AwardList.path = '/games/:id/awards';
