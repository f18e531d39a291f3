/**
 * A challenge's flags at `/games/:id/challenges/:chalId/flags`: the stored flags with a delete
 * button each, and the bulk "add flags" box. Dynamic-attachment flags carry their own file: the
 * list shows it and whether a team holds it, and the table below adds flag + file pairs. Static
 * flags show their match mode, and "Try an answer" tries an answer against them (or against the
 * flags typed in the add box, before they are added).
 * Dynamic-container challenges have no stored flags: the page shows their flag template instead.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import {
  Button,
  DataTable,
  DeleteButton,
  List,
  Title,
  TopToolbar,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { ChallengeDetail, FlagInfo } from '@/api/types';
import { ListError } from '@/console/ListError';
import { consolePaths, useAdminPath } from '@/console/paths';
import { fileNameOf, formatFileSize } from '@/lib/files';
import { FlagCreate, type FlagDraft } from './FlagCreate';
import { FlagPairsCreate } from './FlagPairsCreate';
import { FlagTry } from './FlagTry';
import { GameTabs } from '@/console/resources/games/GameTabs';
import { type ChallengeMeta, useChallengeMeta } from '@/console/data/kit';

/** Whether a team already holds this flag + file pair of the pool. */
function FlagOccupied() {
  const flag = useRecordContext<FlagInfo>();
  const translate = useTranslate();
  if (!flag) return null;
  return flag.occupied ? (
    <Chip size="small" color="info" label={translate('resources.flags.occupied')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('resources.flags.free')} />
  );
}

function BackButton({ meta }: { meta: ChallengeMeta }) {
  const adminPath = useAdminPath();
  return (
    <Button
      component={RouterLink}
      to={adminPath(consolePaths.challenge(meta.gameId, meta.challengeId))}
      label="resources.flags.back"
    >
      <ArrowBackIcon />
    </Button>
  );
}

function FlagText() {
  const flag = useRecordContext<FlagInfo>();
  return <code style={{ wordBreak: 'break-all' }}>{flag?.flag}</code>;
}

function FlagMatchModeChip() {
  const flag = useRecordContext<FlagInfo>();
  const translate = useTranslate();
  if (!flag) return null;
  return (
    <Chip
      size="small"
      variant={flag.matchMode === 'Exact' ? 'outlined' : 'filled'}
      color={flag.matchMode === 'Regex' ? 'secondary' : 'default'}
      label={translate(`resources.flags.matching.modes.${flag.matchMode}`)}
    />
  );
}

/** Beside a static challenge's flags: the add box and "Try an answer", sharing the typed flags. */
function FlagAside({ meta }: { meta: ChallengeMeta }) {
  const [draft, setDraft] = useState<FlagDraft>({ text: '', matchMode: 'Exact' });
  return (
    <Box
      sx={{
        width: { xs: '100%', lg: 360 },
        ml: { lg: 2 },
        mt: { xs: 2, lg: 0 },
        alignSelf: 'flex-start',
      }}
    >
      <FlagCreate meta={meta} draft={draft} onDraft={setDraft} />
      <FlagTry meta={meta} draft={draft} />
    </Box>
  );
}

function FlagAttachment() {
  const flag = useRecordContext<FlagInfo>();
  const translate = useTranslate();
  const attachment = flag?.attachment;
  if (!attachment) return <>—</>;
  if (!attachment.url) return <>{translate('resources.challenges.attachment.missing')}</>;
  return (
    <>
      <Link href={attachment.url} target="_blank" rel="noreferrer" sx={{ wordBreak: 'break-all' }}>
        {fileNameOf(attachment.url)}
      </Link>
      {attachment.fileSize !== null && ` (${formatFileSize(attachment.fileSize)})`}
    </>
  );
}

function FlagTemplate({ challenge, meta }: { challenge: ChallengeDetail; meta: ChallengeMeta }) {
  const translate = useTranslate();
  return (
    <>
      <TopToolbar>
        <BackButton meta={meta} />
      </TopToolbar>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h3" gutterBottom>
            {translate('resources.flags.template')}
          </Typography>
          {challenge.flagTemplate ? (
            <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: 18 }}>
              {challenge.flagTemplate}
            </Typography>
          ) : (
            <Typography color="text.secondary">
              {translate('resources.flags.no_template')}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('resources.flags.template_help')}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
}

function FlagListBody() {
  const meta = useChallengeMeta();
  const translate = useTranslate();
  const { data: challenge, error } = useGetOne<ChallengeDetail>('challenges', {
    id: meta.challengeId,
    meta,
  });
  const title = translate('resources.flags.title', { title: challenge?.title ?? '…' });
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {error.message}
      </Alert>
    );
  if (!challenge)
    return <Skeleton variant="rounded" height={200} sx={{ mt: 2 }} aria-busy="true" />;
  if (challenge.type === 'DynamicContainer') {
    return (
      <>
        <Title title={title} />
        <FlagTemplate challenge={challenge} meta={meta} />
      </>
    );
  }
  const withFiles = challenge.type === 'DynamicAttachment';
  return (
    <>
      {challenge.type === 'StaticContainer' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('resources.challenges.flag_delivery.static')}
        </Alert>
      )}
      <List
        resource="flags"
        queryOptions={{ meta }}
        perPage={1000}
        pagination={false}
        disableSyncWithLocation
        storeKey={false}
        title={title}
        actions={
          <TopToolbar>
            <BackButton meta={meta} />
          </TopToolbar>
        }
        empty={false}
        error={<ListError />}
        aside={withFiles ? undefined : <FlagAside meta={meta} />}
      >
        <DataTable<FlagInfo>
          bulkActionButtons={false}
          rowClick={false}
          empty={
            <Typography sx={{ p: 2 }} color="text.secondary">
              {translate('resources.flags.empty')}
            </Typography>
          }
        >
          <DataTable.Col source="flag" disableSort field={FlagText} />
          {!withFiles && <DataTable.Col source="matchMode" disableSort field={FlagMatchModeChip} />}
          {withFiles && <DataTable.Col source="attachment" disableSort field={FlagAttachment} />}
          {withFiles && <DataTable.Col source="occupied" disableSort field={FlagOccupied} />}
          <DataTable.Col align="right" disableSort>
            <DeleteButton mutationMode="pessimistic" mutationOptions={{ meta }} redirect={false} />
          </DataTable.Col>
        </DataTable>
      </List>
      {withFiles && <FlagPairsCreate meta={meta} />}
    </>
  );
}

/** A challenge's flags, under the tab bar of its game. */
export function FlagList() {
  const meta = useChallengeMeta();
  return (
    <>
      <GameTabs gameId={meta.gameId} />
      <FlagListBody />
    </>
  );
}

FlagList.path = '/games/:id/challenges/:chalId/flags';
