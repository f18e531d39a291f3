/**
 * One challenge at `/games/:id/challenges/:chalId`: every setting, the attachment beside it, links
 * to its flags and back to the game's challenges, a preview as players see it and, for container
 * challenges, the organiser's test container. Saving sends the changed fields only; leaving with
 * unsaved changes asks first.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FlagIcon from '@mui/icons-material/Flag';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router-dom';
import {
  Button,
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
} from 'react-admin';
import { UnsavedChangesGuard } from '@/console/forms/UnsavedChangesGuard';
import { consolePaths, useAdminPath } from '@/console/paths';
import { AttachmentPanel } from './AttachmentPanel';
import { ChallengePreviewButton } from './ChallengePreview';
import { ChallengeInputs } from './ChallengeInputs';
import { PricedHintsPanel } from './PricedHintsPanel';
import { TestContainerPanel } from './TestContainerPanel';
import { GameTabs } from '@/console/resources/games/GameTabs';
import { type ChallengeMeta, useChallengeMeta } from '@/console/data/kit';

function Actions({ meta }: { meta: ChallengeMeta }) {
  const adminPath = useAdminPath();
  return (
    <TopToolbar>
      <Button
        component={Link}
        to={adminPath(consolePaths.flags(meta.gameId, meta.challengeId))}
        label="resources.flags.name_other"
      >
        <FlagIcon />
      </Button>
      <Button
        component={Link}
        to={adminPath(consolePaths.challenges(meta.gameId))}
        label="resources.challenges.back_to_list"
      >
        <ArrowBackIcon />
      </Button>
    </TopToolbar>
  );
}

function FormToolbar({ meta }: { meta: ChallengeMeta }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <Stack direction="row" spacing={2}>
        <SaveButton />
        <ChallengePreviewButton />
      </Stack>
      <DeleteButton
        mutationMode="pessimistic"
        mutationOptions={{ meta }}
        redirect={() => consolePaths.challenges(meta.gameId)}
      />
    </Toolbar>
  );
}

export function ChallengeEdit() {
  const meta = useChallengeMeta();
  return (
    <>
      <GameTabs gameId={meta.gameId} />
      <Edit
        resource="challenges"
        id={meta.challengeId}
        queryOptions={{ meta }}
        mutationOptions={{ meta }}
        mutationMode="pessimistic"
        redirect={false}
        redirectOnError={() => consolePaths.challenges(meta.gameId)}
        actions={<Actions meta={meta} />}
        // the attachment and test container go under the form until there is room beside it
        sx={{ '& .RaEdit-main': { flexDirection: { xs: 'column', lg: 'row' } } }}
        aside={
          <Stack sx={{ alignSelf: 'flex-start', width: { xs: '100%', lg: 'auto' } }}>
            <AttachmentPanel />
            <PricedHintsPanel />
            <TestContainerPanel />
          </Stack>
        }
      >
        {/* the attachment saves apart: its refresh keeps what is being typed here */}
        <SimpleForm toolbar={<FormToolbar meta={meta} />} resetOptions={{ keepDirtyValues: true }}>
          <UnsavedChangesGuard />
          <ChallengeInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}

ChallengeEdit.path = '/games/:id/challenges/:chalId';
