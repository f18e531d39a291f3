/** The participations of the list context as status groups, under the search and division filters. */
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useListContext } from 'react-admin';
import type { Participation } from '@/api/types';
import { groupByStatus, noFilter, type ReviewFilter } from './review';
import { ReviewFilters } from './ReviewFilters';
import { StatusGroupCard } from './StatusGroupCard';
import type { GameMeta } from '@/console/data/kit';

export function ReviewBoard({ meta, divisions }: { meta: GameMeta; divisions: string[] }) {
  const { data, isPending } = useListContext<Participation>();
  const [filter, setFilter] = useState<ReviewFilter>(noFilter);
  if (isPending) {
    return (
      <Stack spacing={2} sx={{ p: 2 }} aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  }
  const filtering = filter.query.trim() !== '' || filter.division !== '';
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <ReviewFilters filter={filter} onChange={setFilter} divisions={divisions} />
      {groupByStatus(data ?? [], filter).map((group) => (
        <StatusGroupCard
          key={group.status}
          group={group}
          meta={meta}
          filtering={filtering}
          divisions={divisions}
        />
      ))}
    </Stack>
  );
}
