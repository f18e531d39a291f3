/**
 * What unlocks what for the whole game (issue 25), under the challenge list: the challenges in the
 * order they open (unlockOrder.ts), each with what opens it — the challenges to solve (all, or any
 * N), the score, the release time — and whether it is hidden or shown while locked. Challenges
 * open from the start are listed first, together.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import type { ChallengeListRecord } from '@/console/data/challengeRoutes';
import { formatDateTime } from '@/lib/time/format';
import { unlockOrder } from './unlockOrder';

type Unlock = NonNullable<ChallengeListRecord['unlock']>;

function Conditions({ unlock, titles }: { unlock: Unlock; titles: Map<number, string> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const key = (name: string) => `resources.challenges.unlock.overview.${name}`;
  const names = unlock.prerequisites.map((id) => titles.get(id) ?? `#${id}`).join(', ');
  const needed = unlock.prerequisiteCount || unlock.prerequisites.length;
  const parts: string[] = [];
  if (unlock.prerequisites.length > 0) {
    parts.push(
      needed >= unlock.prerequisites.length
        ? translate(key('after_all'), { names })
        : translate(key('after_any'), { count: needed, names }),
    );
  }
  if (unlock.unlockScore > 0) parts.push(translate(key('score'), { score: unlock.unlockScore }));
  if (unlock.releaseTime !== null) {
    parts.push(translate(key('release'), { time: formatDateTime(unlock.releaseTime, locale) }));
  }
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Typography variant="body2" component="span">
        {parts.join(' · ')}
      </Typography>
      <Chip
        size="small"
        variant="outlined"
        label={translate(key(unlock.showWhenLocked ? 'shown' : 'hidden'))}
      />
      {unlock.releaseNotice && unlock.releaseTime !== null && (
        <Chip size="small" variant="outlined" label={translate(key('notice'))} />
      )}
    </Stack>
  );
}

export function UnlockOverview() {
  const translate = useTranslate();
  const { data } = useListContext<ChallengeListRecord>();
  const challenges = data ?? [];
  if (!challenges.some((challenge) => challenge.unlock)) return null;
  const titles = new Map(challenges.map((challenge) => [challenge.id, challenge.title]));
  const order = unlockOrder(challenges);
  const open = order.filter(({ challenge }) => !challenge.unlock);
  const gated = order.filter(({ challenge }) => challenge.unlock);
  const title = translate('resources.challenges.unlock.overview.title');
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ m: { xs: 1, sm: 2 } }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.challenges.unlock.overview.open', {
            names: open.map(({ challenge }) => challenge.title).join(', ') || '—',
          })}
        </Typography>
        <List dense component="ol" sx={{ listStyle: 'decimal', pl: 3 }}>
          {gated.map(({ challenge, step }) => (
            <ListItem key={challenge.id} sx={{ display: 'list-item', pl: 0 }}>
              <ListItemText
                primary={`${challenge.title} (${translate(
                  'resources.challenges.unlock.overview.step',
                  { step },
                )})`}
                secondary={
                  challenge.unlock && <Conditions unlock={challenge.unlock} titles={titles} />
                }
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
