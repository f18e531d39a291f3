import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router-dom';
import { Edit, ListButton, SimpleForm, TopToolbar } from 'react-admin';
import { ExportGameButton } from './ExportGameButton';
import { CtftimeFeedButton } from './CtftimeFeedButton';
import { GameInputs } from './GameInputs';
import { GameTabs } from './GameTabs';
import { PosterUpload } from './PosterUpload';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';

/**
 * The game's Info page (`/games/:id` and `/games/:id/info`), under the game's tabs (which lead to
 * its challenges). Pessimistic: server errors show before anything changes; delete asks for
 * confirmation.
 */
export function GameEdit() {
  const { id } = useParams();
  return (
    <>
      {id && <GameTabs gameId={id} />}
      <Edit
        resource="games"
        mutationMode="pessimistic"
        redirect={false}
        actions={
          <TopToolbar>
            <ExportGameButton />
            {id && <CtftimeFeedButton gameId={id} />}
            <ListButton />
          </TopToolbar>
        }
      >
        <SimpleForm>
          <UnsavedChangesGuard />
          <Stack direction={{ xs: 'column', lg: 'row-reverse' }} sx={{ width: '100%', gap: 3 }}>
            <Box>
              <PosterUpload />
            </Box>
            <GameInputs />
          </Stack>
        </SimpleForm>
      </Edit>
    </>
  );
}

/** The seed's `admin/games/{id}/Info` route (the resource's own edit route is `/games/:id`). */
GameEdit.infoPath = '/games/:id/info';
