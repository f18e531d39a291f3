/**
 * The challenges of the list context, grouped by category (in the spec's order): enabled switch,
 * title, type, current and base score, solves, and links to the challenge and its flags. A table
 * from the `sm` width up; on a phone each challenge is a stacked item instead (a six-column table
 * cannot fit 375 px without its cells running into each other).
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import FlagIcon from '@mui/icons-material/Flag';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { Button, RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { enumChoices } from '@/api/validation';
import type { ChallengeListRecord } from '@/console/data/challengeRoutes';
import { consolePaths, useAdminPath } from '@/console/paths';
import { EnabledSwitch } from './EnabledSwitch';
import type { GameMeta } from '@/console/data/kit';

interface RowProps {
  challenge: ChallengeListRecord;
  meta: GameMeta;
}

function TitleLink({ challenge, meta }: RowProps) {
  const adminPath = useAdminPath();
  return (
    <Link component={RouterLink} to={adminPath(consolePaths.challenge(meta.gameId, challenge.id))}>
      {challenge.title}
    </Link>
  );
}

function FlagsButton({ challenge, meta }: RowProps) {
  const adminPath = useAdminPath();
  const flags = challenge.type !== 'DynamicContainer';
  return (
    <Button
      component={RouterLink}
      to={adminPath(consolePaths.flags(meta.gameId, challenge.id))}
      label={flags ? 'resources.flags.name_other' : 'resources.flags.template'}
    >
      <FlagIcon />
    </Button>
  );
}

function useScoreText(challenge: ChallengeListRecord) {
  const translate = useTranslate();
  return translate('resources.challenges.score_of', {
    score: challenge.score,
    original: challenge.originalScore,
  });
}

function ChallengeRow({ challenge, meta }: RowProps) {
  const translate = useTranslate();
  const score = useScoreText(challenge);
  return (
    <RecordContextProvider value={challenge}>
      <TableRow hover>
        <TableCell>
          <EnabledSwitch meta={meta} />
        </TableCell>
        <TableCell>
          <TitleLink challenge={challenge} meta={meta} />
        </TableCell>
        <TableCell>{translate(`resources.challenges.types.${challenge.type}`)}</TableCell>
        <TableCell align="right">{score}</TableCell>
        <TableCell align="right">{challenge.acceptedCount}</TableCell>
        <TableCell align="right">
          <FlagsButton challenge={challenge} meta={meta} />
        </TableCell>
      </TableRow>
    </RecordContextProvider>
  );
}

/** One challenge on a phone: switch and title, then type, score and solves, then its flags. */
function ChallengeItem({ challenge, meta }: RowProps) {
  const translate = useTranslate();
  const score = useScoreText(challenge);
  const heading = (key: string) => translate(`resources.challenges.fields.${key}`);
  return (
    <RecordContextProvider value={challenge}>
      <Box
        component="li"
        data-testid="challenge-item"
        sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <EnabledSwitch meta={meta} />
          <TitleLink challenge={challenge} meta={meta} />
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          component="div"
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
        >
          <span>{translate(`resources.challenges.types.${challenge.type}`)}</span>
          <span>
            {heading('score')} {score}
          </span>
          <span>
            {heading('acceptedCount')} {challenge.acceptedCount}
          </span>
        </Typography>
        <FlagsButton challenge={challenge} meta={meta} />
      </Box>
    </RecordContextProvider>
  );
}

export function ChallengeGroups({ meta }: { meta: GameMeta }) {
  const translate = useTranslate();
  const { data, isPending } = useListContext<ChallengeListRecord>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
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
  const inCategory = (category: string) =>
    (data ?? []).filter((challenge) => challenge.category === category);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      {categories.map((category) => (
        <Card key={category} variant="outlined" component="section" aria-label={category}>
          <CardHeader
            title={translate(`resources.challenges.categories.${category}`)}
            slotProps={{ title: { variant: 'h6', component: 'h3' } }}
          />
          {phone ? (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {inCategory(category).map((challenge) => (
                <ChallengeItem key={challenge.id} challenge={challenge} meta={meta} />
              ))}
            </Box>
          ) : (
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
                {inCategory(category).map((challenge) => (
                  <ChallengeRow key={challenge.id} challenge={challenge} meta={meta} />
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      ))}
    </Stack>
  );
}
