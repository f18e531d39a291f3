/** The teams with capture files for the chosen challenge; choosing one lists its files. */
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { CaptureTeam } from '@/api/types';
import { useCaptureTeams } from '@/hooks/monitor';
import { TrafficPanel } from './TrafficPanel';

export interface CaptureTeamsProps {
  gameId: number;
  challengeId: number;
  selected: number | undefined;
  onSelect: (team: CaptureTeam) => void;
}

export const teamName = (team: CaptureTeam) => team.name ?? `#${team.teamId}`;

export function CaptureTeams({ gameId, challengeId, selected, onSelect }: CaptureTeamsProps) {
  const { t } = useTranslation();
  const query = useCaptureTeams(gameId, challengeId);
  const teams = query.data;
  return (
    <TrafficPanel
      id="capture-teams"
      title={t('monitor.traffic.teams')}
      loading={query.isPending}
      error={query.error}
      errorTitle={t('monitor.traffic.teams_failed')}
      onRetry={() => void query.refetch()}
      retrying={query.isRefetching}
      empty={teams?.length === 0 ? t('monitor.traffic.no_teams') : undefined}
    >
      <List dense disablePadding aria-labelledby="capture-teams">
        {teams?.map((team) => (
          <ListItemButton
            key={team.id}
            selected={team.id === selected}
            aria-current={team.id === selected ? 'true' : undefined}
            onClick={() => onSelect(team)}
          >
            <ListItemAvatar>
              <Avatar src={team.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                {teamName(team).slice(0, 1).toUpperCase()}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={teamName(team)}
              secondary={[team.division, t('monitor.traffic.file_count', { count: team.count })]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItemButton>
        ))}
      </List>
    </TrafficPanel>
  );
}
