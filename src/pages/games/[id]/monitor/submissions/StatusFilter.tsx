/** Chooses which submissions to list: all, or those with one result (the spec's results). */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { enums } from '@/api/formMeta.gen';
import type { AnswerResult } from '@/api/types';

const ALL = 'all';

export interface StatusFilterProps {
  value: AnswerResult | null;
  onChange: (status: AnswerResult | null) => void;
}

export function StatusFilter({ value, onChange }: StatusFilterProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('monitor.submissions.filter')}
      value={value ?? ALL}
      onChange={(event) => {
        const chosen = enums.AnswerResult.find((status) => status === event.target.value);
        onChange(chosen ?? null);
      }}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value={ALL}>{t('monitor.submissions.all')}</MenuItem>
      {enums.AnswerResult.map((status) => (
        <MenuItem key={status} value={status}>
          {t(`monitor.status.${status}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
