/**
 * The level filter of the logs list: one toggle per level of the spec, and "All". Choosing "All"
 * clears the filter (the list then asks for `level=All`).
 */
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useInput, useTranslate } from 'react-admin';
import { ALL_LEVELS, LEVEL_FILTERS } from '@/console/data/logRoutes';

export function LevelInput({ source }: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const value = LEVEL_FILTERS.find((level) => level === field.value) ?? ALL_LEVELS;
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      onChange={(_event, level: string | null) => {
        if (level) field.onChange(level === ALL_LEVELS ? '' : level);
      }}
      aria-label={translate('resources.logs.fields.level')}
      sx={{ mb: 1 }}
    >
      {LEVEL_FILTERS.map((level) => (
        <ToggleButton key={level} value={level} sx={{ px: 1.5, py: 0.5 }}>
          {translate(`resources.logs.levels.${level}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
