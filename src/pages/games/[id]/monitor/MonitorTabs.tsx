/** Links to the monitor pages of a game, as tabs that scroll sideways on phones. */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import BugReportIcon from '@mui/icons-material/BugReport';
import EventNoteIcon from '@mui/icons-material/EventNote';
import FlagIcon from '@mui/icons-material/Flag';
import LanIcon from '@mui/icons-material/Lan';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import { useTranslation } from 'react-i18next';
import { MONITOR_TABS, type MonitorTab } from './monitorTabs';
import { playerPaths } from '@/lib/paths';

const ICONS: Record<MonitorTab, typeof FlagIcon> = {
  events: EventNoteIcon,
  submissions: FlagIcon,
  cheatinfo: BugReportIcon,
  traffic: LanIcon,
  hints: LightbulbIcon,
};

export function MonitorTabs({ gameId, tab }: { gameId: number; tab: MonitorTab | undefined }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('monitor.tabs.label')}>
      <Tabs
        value={tab ?? false}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('monitor.tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {MONITOR_TABS.map((page) => {
          const Icon = ICONS[page];
          return (
            <Tab
              key={page}
              value={page}
              label={t(`monitor.tabs.${page}`)}
              icon={<Icon fontSize="small" />}
              iconPosition="start"
              component={RouterLink}
              to={playerPaths.monitor(gameId, page)}
              aria-current={page === tab ? 'page' : undefined}
              sx={{ minHeight: 48 }}
            />
          );
        })}
      </Tabs>
    </Box>
  );
}
