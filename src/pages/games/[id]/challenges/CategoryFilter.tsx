/** Tabs choosing the category shown on the board, each with its number of challenges. */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { ChallengeCategory } from '@/api/types';

export type CategoryChoice = ChallengeCategory | 'All';

export interface CategoryFilterProps {
  /** The categories with challenges, in display order, with their counts. */
  counts: readonly (readonly [ChallengeCategory, number])[];
  total: number;
  value: CategoryChoice;
  onChange: (value: CategoryChoice) => void;
}

export function CategoryFilter({ counts, total, value, onChange }: CategoryFilterProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(_, next: CategoryChoice) => onChange(next)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('challenges.categories')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab
        value="All"
        label={t('challenges.category_count', { name: t('challenges.all'), count: total })}
      />
      {counts.map(([category, count]) => (
        <Tab
          key={category}
          value={category}
          label={t('challenges.category_count', {
            name: t(`resources.challenges.categories.${category}`),
            count,
          })}
        />
      ))}
    </Tabs>
  );
}
