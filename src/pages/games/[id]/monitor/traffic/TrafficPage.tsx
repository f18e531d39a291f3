/**
 * `/games/:id/monitor/traffic` — captured traffic of proxied challenges: challenges that record
 * → teams with files → the files. The choice is kept in the address (`?challenge=&team=`), so it
 * survives a reload and can be shared.
 */
import { useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useCaptureTeams } from '@/hooks/monitor';
import { CaptureChallenges } from './CaptureChallenges';
import { CaptureFiles } from './CaptureFiles';
import { CaptureTeams, teamName } from './CaptureTeams';

const layout = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    md: 'minmax(200px, 1fr) minmax(200px, 1fr)',
    lg: 'minmax(220px, 1fr) minmax(220px, 1fr) minmax(0, 2fr)',
  },
  alignItems: 'start',
} as const;

/** A positive integer from the address, or undefined. */
function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
}

export default function TrafficPage() {
  const { t } = useTranslation();
  const gameId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const challengeId = idParam(search.get('challenge'));
  const partId = challengeId === undefined ? undefined : idParam(search.get('team'));
  // the teams list is cached: its chosen team gives the files panel its title
  const team = useCaptureTeams(gameId, challengeId).data?.find((item) => item.id === partId);

  const choose = (next: { challenge?: number; team?: number }) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value === undefined) params.delete(name);
          else params.set(name, String(value));
        }
        return params;
      },
      { replace: true },
    );

  return (
    <Box sx={layout}>
      <CaptureChallenges
        gameId={gameId}
        selected={challengeId}
        onSelect={(id) => choose({ challenge: id, team: undefined })}
      />
      {challengeId !== undefined && (
        <CaptureTeams
          gameId={gameId}
          challengeId={challengeId}
          selected={partId}
          onSelect={(chosen) => choose({ team: chosen.id })}
        />
      )}
      {challengeId !== undefined && partId !== undefined && (
        <Box sx={{ gridColumn: { md: '1 / -1', lg: 'auto' }, minWidth: 0 }}>
          <CaptureFiles
            gameId={gameId}
            challengeId={challengeId}
            partId={partId}
            teamName={team ? teamName(team) : t('monitor.traffic.team_fallback', { id: partId })}
            onAllDeleted={() => choose({ team: undefined })}
          />
        </Box>
      )}
    </Box>
  );
}
