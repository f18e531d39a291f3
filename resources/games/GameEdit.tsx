import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ExtensionIcon from '@mui/icons-material/Extension';
import { Link, useParams } from 'react-router-dom';
import { Button, Edit, ListButton, SimpleForm, TopToolbar, useRecordContext } from 'react-admin';
import type { Game } from '../../src/api/types';
import { consolePaths, useAdminPath } from '../../src/console/paths';
import { GameInputs } from './GameInputs';
import { GameTabs } from './GameTabs';
import { PosterUpload } from './PosterUpload';

/** "Challenges": the game's challenge list. */
export function ChallengesButton() {
  const record = useRecordContext<Game>();
  const adminPath = useAdminPath();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={adminPath(consolePaths.challenges(record.id))}
      label="resources.challenges.name_other"
    >
      <ExtensionIcon />
    </Button>
  );
}

/**
 * The game's Info page (`/games/:id` and `/games/:id/info`). Pessimistic: server errors show
 * before anything changes; delete asks for confirmation.
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
            <ChallengesButton />
            <ListButton />
          </TopToolbar>
        }
      >
        <SimpleForm>
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
