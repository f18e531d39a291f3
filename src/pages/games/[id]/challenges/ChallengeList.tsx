/**
 * The challenges of the game, by category: tabs to pick one category (or all, grouped under
 * headings), then a responsive grid of cards. Loading shows card skeletons (with a hint when slow),
 * a failure the server's reason and a retry button.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChallengeCategory, ChallengeLock, GameChallenge, TeamGameView } from '@/api/types';
import { enumChoices } from '@/api/validation';
import { errorMessageOf } from '@/lib/notifications';
import { useLoadingSlow } from '@/lib/useLoadingSlow';
import { CategoryFilter, type CategoryChoice } from './CategoryFilter';
import { ChallengeCard } from './ChallengeCard';
import { LockedChallengeCard } from './LockedChallengeCard';
import type { TeamSolve } from './solves';

const CARD_SIZE = { xs: 12, sm: 6, lg: 4 };

/** The non-empty categories in the spec's order, each with its challenges. */
export function byCategory(view: TeamGameView): [ChallengeCategory, GameChallenge[]][] {
  return enumChoices('ChallengeCategory')
    .map((category): [ChallengeCategory, GameChallenge[]] => [
      category,
      view.challenges[category] ?? [],
    ])
    .filter(([, challenges]) => challenges.length > 0);
}

function LoadingCards() {
  const { t } = useTranslation();
  const slow = useLoadingSlow(true);
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
      {slow && <Alert severity="info">{t('challenges.slow')}</Alert>}
      <Grid container spacing={2}>
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Grid key={n} size={CARD_SIZE}>
            <Skeleton variant="rounded" height={104} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

interface CardsProps {
  challenges: readonly GameChallenge[];
  solves: ReadonlyMap<number, TeamSolve>;
  locks: ReadonlyMap<number, ChallengeLock>;
  onOpen: (id: number) => void;
}

function Cards({ challenges, solves, locks, onOpen }: CardsProps) {
  return (
    <Grid container spacing={2}>
      {challenges.map((challenge) => {
        const lock = locks.get(challenge.id);
        return (
          <Grid key={challenge.id} size={CARD_SIZE}>
            {lock ? (
              <LockedChallengeCard challenge={challenge} lock={lock} />
            ) : (
              <ChallengeCard
                challenge={challenge}
                solve={solves.get(challenge.id)}
                onOpen={onOpen}
              />
            )}
          </Grid>
        );
      })}
    </Grid>
  );
}

export interface ChallengeListProps {
  query: UseQueryResult<TeamGameView>;
  solves: ReadonlyMap<number, TeamSolve>;
  onOpen: (id: number) => void;
}

export function ChallengeList({ query, solves, onOpen }: ChallengeListProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<CategoryChoice>('All');
  const groups = useMemo(() => (query.data ? byCategory(query.data) : []), [query.data]);
  // challenges shown locked (issue 25), with what opens them
  const locks = useMemo(
    () => new Map((query.data?.locked ?? []).map((lock) => [lock.id, lock])),
    [query.data],
  );

  if (query.error && !query.data) {
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      >
        {errorMessageOf(query.error) ?? t('common.error.unknown')}
      </Alert>
    );
  }
  if (!query.data) return <LoadingCards />;
  if (groups.length === 0) {
    return <Alert severity="info">{t('challenges.empty')}</Alert>;
  }

  const total = groups.reduce((sum, [, challenges]) => sum + challenges.length, 0);
  // a category that disappeared (its last challenge disabled) falls back to all
  const shown = choice === 'All' ? groups : groups.filter(([category]) => category === choice);
  return (
    <Stack spacing={2}>
      <CategoryFilter
        counts={groups.map(([category, challenges]) => [category, challenges.length] as const)}
        total={total}
        value={shown.length === 1 && choice !== 'All' ? choice : 'All'}
        onChange={setChoice}
      />
      {(shown.length > 0 ? shown : groups).map(([category, challenges]) => (
        <Box component="section" key={category} aria-labelledby={`category-${category}`}>
          <Typography
            id={`category-${category}`}
            variant="overline"
            component="h2"
            color="text.secondary"
          >
            {t(`resources.challenges.categories.${category}`)}
          </Typography>
          <Cards challenges={challenges} solves={solves} locks={locks} onOpen={onOpen} />
        </Box>
      ))}
    </Stack>
  );
}
