/** Tabs choosing whose ranking is shown: every team, or one division with its own ranks. */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import { ALL_TEAMS, type DivisionChoice } from './board';

export interface DivisionTabsProps {
  divisions: readonly string[];
  value: DivisionChoice;
  onChange: (value: DivisionChoice) => void;
}

export function DivisionTabs({ divisions, value, onChange }: DivisionTabsProps) {
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  return (
    <Tabs
      value={value}
      onChange={(_, next: DivisionChoice) => onChange(next)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('scoreboard.divisions')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab
        value={ALL_TEAMS}
        label={alone ? t('individualPlay.scoreboard.all_players') : t('scoreboard.all_teams')}
      />
      {divisions.map((division) => (
        <Tab key={division} value={division} label={division} />
      ))}
    </Tabs>
  );
}
