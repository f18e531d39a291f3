/**
 * The division of a participation, changeable in place among the game's divisions. Pessimistic like
 * the status actions: the row shows the new division once the server has taken it.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Participation } from '@/api/types';
import { teamName } from './TeamCell';
import type { GameMeta } from '@/console/data/kit';

interface Props {
  participation: Participation;
  meta: GameMeta;
  divisions: string[];
}

export function DivisionSelect({ participation, meta, divisions }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<Participation>();
  const team = teamName(participation.team);
  const current = participation.division ?? '';
  // a division the game no longer has stays visible until it is changed
  const choices = current && !divisions.includes(current) ? [current, ...divisions] : divisions;

  const change = (division: string) =>
    update(
      'participations',
      { id: participation.id, data: { division }, previousData: participation, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify('resources.participations.division_changed', {
            type: 'success',
            messageArgs: { team, division },
          }),
        onError: (error) => notify(error.message, { type: 'error' }),
      },
    );

  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={current}
      disabled={isPending}
      onChange={(event) => {
        if (event.target.value !== current) change(event.target.value);
      }}
      slotProps={{
        htmlInput: { 'aria-label': translate('resources.participations.division_of', { team }) },
      }}
      sx={{ minWidth: 120 }}
    >
      {current === '' && (
        <MenuItem value="" disabled>
          —
        </MenuItem>
      )}
      {choices.map((division) => (
        <MenuItem key={division} value={division}>
          {division}
        </MenuItem>
      ))}
    </TextField>
  );
}
