/**
 * The packed `bloodBonus` integer edited as three percentages: first, second and third blood.
 */
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInput, useTranslate } from 'react-admin';
import {
  DEFAULT_BLOOD_BONUS,
  packBloodBonus,
  percentToPerMille,
  perMilleToPercent,
  unpackBloodBonus,
  MAX_BONUS_PER_MILLE,
  type BloodBonus,
} from './bloodBonus';

const BLOODS = ['first', 'second', 'third'] as const;

export function BloodBonusInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'bloodBonus', defaultValue: DEFAULT_BLOOD_BONUS });
  const bonus = unpackBloodBonus(Number(field.value ?? 0));
  const change = (index: number, text: string) => {
    const next: BloodBonus = [...bonus];
    next[index] = percentToPerMille(Number(text));
    field.onChange(packBloodBonus(next));
  };
  return (
    <Stack sx={{ mb: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('resources.games.fields.bloodBonus')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {BLOODS.map((blood, index) => (
          <TextField
            key={blood}
            type="number"
            size="small"
            label={translate(`resources.games.blood.${blood}`)}
            value={perMilleToPercent(bonus[index])}
            onChange={(event) => change(index, event.target.value)}
            onBlur={field.onBlur}
            slotProps={{
              htmlInput: { min: 0, max: perMilleToPercent(MAX_BONUS_PER_MILLE), step: 0.1 },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate(
          Number(field.value) === 0 ? 'resources.games.blood.none' : 'resources.games.blood.help',
        )}
      </Typography>
    </Stack>
  );
}
