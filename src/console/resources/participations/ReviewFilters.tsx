/** The search box (team name) and, when the game has divisions, the division filter. */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { ReviewFilter } from './review';
import { useIndividualPlay } from '@/lib/playMode';

interface Props {
  filter: ReviewFilter;
  onChange: (filter: ReviewFilter) => void;
  divisions: string[];
}

export function ReviewFilters({ filter, onChange, divisions }: Props) {
  const translate = useTranslate();
  const alone = useIndividualPlay();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        type="search"
        size="small"
        label={translate(
          alone ? 'individualPlay.console.review_search' : 'resources.participations.search',
        )}
        value={filter.query}
        onChange={(event) => onChange({ ...filter, query: event.target.value })}
        sx={{ minWidth: 260 }}
      />
      {divisions.length > 0 && (
        <TextField
          select
          size="small"
          label={translate('resources.participations.fields.division')}
          value={filter.division}
          onChange={(event) => onChange({ ...filter, division: event.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('resources.participations.all_divisions')}</MenuItem>
          {divisions.map((division) => (
            <MenuItem key={division} value={division}>
              {division}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
