/**
 * The challenges of the list context, grouped by category (in the spec's order): enabled switch,
 * title, type, current and base score, solves, and links to the challenge and its flags.
 */
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import FlagIcon from '@mui/icons-material/Flag';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { Button, RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { enumChoices } from '@/api/validation';
import type { ChallengeListRecord } from '@/console/data/challengeRoutes';
import { consolePaths, useAdminPath } from '@/console/paths';
import { EnabledSwitch } from './EnabledSwitch';
import type { GameMeta } from '@/console/data/kit';

function ChallengeRow({ challenge, meta }: { challenge: ChallengeListRecord; meta: GameMeta }) {
  const translate = useTranslate();
  const adminPath = useAdminPath();
  const flags = challenge.type !== 'DynamicContainer';
  return (
    <RecordContextProvider value={challenge}>
      <TableRow hover>
        <TableCell>
          <EnabledSwitch meta={meta} />
        </TableCell>
        <TableCell>
          <Link
            component={RouterLink}
            to={adminPath(consolePaths.challenge(meta.gameId, challenge.id))}
          >
            {challenge.title}
          </Link>
        </TableCell>
        <TableCell>{translate(`resources.challenges.types.${challenge.type}`)}</TableCell>
        <TableCell align="right">
          {translate('resources.challenges.score_of', {
            score: challenge.score,
            original: challenge.originalScore,
          })}
        </TableCell>
        <TableCell align="right">{challenge.acceptedCount}</TableCell>
        <TableCell align="right">
          <Button
            component={RouterLink}
            to={adminPath(consolePaths.flags(meta.gameId, challenge.id))}
            label={flags ? 'resources.flags.name_other' : 'resources.flags.template'}
          >
            <FlagIcon />
          </Button>
        </TableCell>
      </TableRow>
    </RecordContextProvider>
  );
}

export function ChallengeGroups({ meta }: { meta: GameMeta }) {
  const translate = useTranslate();
  const { data, isPending } = useListContext<ChallengeListRecord>();
  if (isPending) {
    return (
      <Stack spacing={2} sx={{ p: 2 }} aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  }
  const categories = enumChoices('ChallengeCategory').filter((category) =>
    data?.some((challenge) => challenge.category === category),
  );
  const heading = (key: string) => translate(`resources.challenges.fields.${key}`);
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {categories.map((category) => (
        <Card key={category} variant="outlined" component="section" aria-label={category}>
          <CardHeader
            title={translate(`resources.challenges.categories.${category}`)}
            slotProps={{ title: { variant: 'h6', component: 'h3' } }}
          />
          <Table size="small" sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 96 }}>{heading('isEnabled')}</TableCell>
                <TableCell>{heading('title')}</TableCell>
                <TableCell sx={{ width: '20%' }}>{heading('type')}</TableCell>
                <TableCell align="right" sx={{ width: 120 }}>
                  {heading('score')}
                </TableCell>
                <TableCell align="right" sx={{ width: 90 }}>
                  {heading('acceptedCount')}
                </TableCell>
                <TableCell sx={{ width: 190 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? [])
                .filter((challenge) => challenge.category === category)
                .map((challenge) => (
                  <ChallengeRow key={challenge.id} challenge={challenge} meta={meta} />
                ))}
            </TableBody>
          </Table>
        </Card>
      ))}
    </Stack>
  );
}
