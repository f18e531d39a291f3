/**
 * A game's challenges at `/games/:id/challenges`, grouped by category, with "new challenge",
 * "recount solves" and the way back to the game.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CalculateIcon from '@mui/icons-material/Calculate';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  Button,
  List,
  TopToolbar,
  useDataProvider,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { Game } from '@/api/types';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { ListError } from '@/console/ListError';
import { consolePaths, useAdminPath } from '@/console/paths';
import { GameTabs } from '@/console/resources/games/GameTabs';
import { ChallengeGroups } from './ChallengeGroups';
import { UnlockOverview } from './UnlockOverview';
import Typography from '@mui/material/Typography';
import { type GameMeta, useGameMeta } from '@/console/data/kit';

function RecountButton({ meta }: { meta: GameMeta }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const recount = useMutation({
    mutationFn: () => dataProvider.recountAccepted(meta),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['challenges'] });
      notify('resources.challenges.recount.done', { type: 'success' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Button
      label="resources.challenges.recount.button"
      onClick={() => recount.mutate()}
      disabled={recount.isPending}
    >
      <CalculateIcon />
    </Button>
  );
}

function ListActions({ meta }: { meta: GameMeta }) {
  const adminPath = useAdminPath();
  return (
    <TopToolbar>
      <Button
        component={Link}
        to={adminPath(consolePaths.newChallenge(meta.gameId))}
        label="ra.action.create"
      >
        <AddIcon />
      </Button>
      <RecountButton meta={meta} />
      <Button
        component={Link}
        to={adminPath(consolePaths.game(meta.gameId))}
        label="resources.challenges.back_to_game"
      >
        <ArrowBackIcon />
      </Button>
    </TopToolbar>
  );
}

function Empty({ meta }: { meta: GameMeta }) {
  const translate = useTranslate();
  return (
    <>
      <ListActions meta={meta} />
      <Typography sx={{ p: 3 }} color="text.secondary">
        {translate('resources.challenges.empty')}
      </Typography>
    </>
  );
}

export function ChallengeList() {
  const meta = useGameMeta();
  const translate = useTranslate();
  const { data: game } = useGetOne<Game>('games', { id: meta.gameId });
  return (
    <>
      <GameTabs gameId={meta.gameId} />
      <List
        resource="challenges"
        // Always fresh on opening: saving a challenge refreshes the cached list's timestamp (not
        // its rows), which would hide a challenge created just before for the 2 s of staleTime.
        queryOptions={{ meta, refetchOnMount: 'always' }}
        perPage={1000}
        pagination={false}
        disableSyncWithLocation
        storeKey={false}
        title={translate('resources.challenges.list_title', { game: game?.title ?? '…' })}
        actions={<ListActions meta={meta} />}
        empty={<Empty meta={meta} />}
        error={<ListError />}
      >
        <ChallengeGroups meta={meta} />
        <UnlockOverview />
      </List>
    </>
  );
}

ChallengeList.path = '/games/:id/challenges';
