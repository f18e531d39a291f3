/**
 * Says where a challenge's flag comes from, beside the fields that decide it: only dynamic
 * containers are given their flag (the `FLAG` environment variable); a static container runs its
 * image as it is, so the image must hold the flag listed under Flags. A challenge that needs a
 * stored flag and has none gets a warning with a link to its flags: the server refuses to enable
 * it (contract E20), and a player could not solve it anyway.
 */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { ChallengeType } from '@/api/types';
import { consolePaths, useAdminPath } from '@/console/paths';

interface Props {
  gameId: number | string;
  challengeId: number | string;
  type: ChallengeType;
  flagCount: number;
}

/** Whether a challenge of this type is playable only with a flag the organiser stored. */
export const needsStoredFlag = (type: ChallengeType) => type !== 'DynamicContainer';

export function FlagDeliveryNotice({ gameId, challengeId, type, flagCount }: Props) {
  const translate = useTranslate();
  const adminPath = useAdminPath();
  const missing = needsStoredFlag(type) && flagCount === 0;
  if (!missing && type !== 'StaticContainer') return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {type === 'StaticContainer' && (
        <Alert severity="info">{translate('resources.challenges.flag_delivery.static')}</Alert>
      )}
      {missing && (
        <Alert severity="warning">
          {translate('resources.challenges.flag_delivery.missing')}{' '}
          <Link component={RouterLink} to={adminPath(consolePaths.flags(gameId, challengeId))}>
            {translate('resources.challenges.flag_delivery.add')}
          </Link>
        </Alert>
      )}
    </Stack>
  );
}
