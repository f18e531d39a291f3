/**
 * What opens the challenge to a team (issue 25): the challenges of the game to solve first (all,
 * or any N), a score to reach, a release time for everyone; whether a locked challenge is hidden
 * or shown with what opens it; and a "new challenge" notice at the release time. Limits come from
 * the spec (formMeta); the server refuses cycles and names them.
 */
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { ChallengeDetail } from '@/api/types';
import { specValidator } from '@/console/validate';
import { EpochDateTimeInput } from '@/console/inputs/EpochDateTimeInput';
import { useChallengeMeta } from '@/console/data/kit';
import type { ChallengeListRecord } from '@/console/data/challengeRoutes';

const spec = (field: 'prerequisites' | 'prerequisiteCount' | 'unlockScore') =>
  specValidator('ChallengeUpdateModel', field);
const label = (field: string) => `resources.challenges.unlock.fields.${field}`;
const helper = (field: string) => `resources.challenges.unlock.helpers.${field}`;
const row = { direction: { xs: 'column', md: 'row' }, sx: { columnGap: 2 } } as const;

/** The game's other challenges, to choose prerequisites from. */
function usePrerequisiteChoices(challengeId: number | undefined) {
  const meta = useChallengeMeta();
  const { data } = useGetList<ChallengeListRecord>('challenges', {
    meta: { gameId: meta.gameId },
    pagination: { page: 1, perPage: 1000 },
  });
  return (data ?? [])
    .filter((challenge) => challenge.id !== challengeId)
    .map((challenge) => ({ id: challenge.id, name: challenge.title }));
}

export function UnlockInputs() {
  const translate = useTranslate();
  const record = useRecordContext<ChallengeDetail>();
  const choices = usePrerequisiteChoices(record?.id);
  return (
    <>
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {translate('resources.challenges.unlock.section')}
      </Typography>
      <AutocompleteArrayInput
        source="prerequisites"
        label={label('prerequisites')}
        choices={choices}
        validate={spec('prerequisites')}
        helperText={helper('prerequisites')}
      />
      <Stack {...row}>
        <NumberInput
          source="prerequisiteCount"
          label={label('prerequisiteCount')}
          step={1}
          min={0}
          validate={spec('prerequisiteCount')}
          helperText={helper('prerequisiteCount')}
        />
        <NumberInput
          source="unlockScore"
          label={label('unlockScore')}
          step={50}
          min={0}
          validate={spec('unlockScore')}
          helperText={helper('unlockScore')}
        />
      </Stack>
      <EpochDateTimeInput
        source="releaseTime"
        label={label('releaseTime')}
        helperText={helper('releaseTime')}
      />
      <Stack {...row}>
        <BooleanInput
          source="showWhenLocked"
          label={label('showWhenLocked')}
          helperText={helper('showWhenLocked')}
        />
        <BooleanInput
          source="releaseNotice"
          label={label('releaseNotice')}
          helperText={helper('releaseNotice')}
        />
      </Stack>
    </>
  );
}
