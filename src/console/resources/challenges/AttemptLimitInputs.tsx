/**
 * The challenge's attempt limits (issue 25): the most wrong submissions a team may make and the
 * wait after each, 0 for none. Limits and whole-number rules come from the spec (formMeta).
 */
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NumberInput, useTranslate } from 'react-admin';
import { specValidator } from '@/console/validate';

const PREFIX = 'resources.challenges.attemptLimits';

export function AttemptLimitInputs() {
  const translate = useTranslate();
  return (
    <>
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {translate(`${PREFIX}.section`)}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ columnGap: 2 }}>
        <NumberInput
          source="maxAttempts"
          step={1}
          label={`${PREFIX}.maxAttempts`}
          helperText={`${PREFIX}.maxAttempts_help`}
          validate={specValidator('ChallengeUpdateModel', 'maxAttempts')}
        />
        <NumberInput
          source="attemptWait"
          step={1}
          label={`${PREFIX}.attemptWait`}
          helperText={`${PREFIX}.attemptWait_help`}
          validate={specValidator('ChallengeUpdateModel', 'attemptWait')}
        />
      </Stack>
    </>
  );
}
