/**
 * A challenge the team sees but may not open yet (issue 25): its title and score, a lock, and
 * what opens it — the challenges to solve (those solved ticked), the score to reach, the release
 * time. Not a button: there is nothing to open until it unlocks, which the page learns live.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import type { ChallengeLock, GameChallenge } from '@/api/types';
import { formatDateTime } from '@/lib/time/format';

export interface LockedChallengeCardProps {
  challenge: GameChallenge;
  lock: ChallengeLock;
}

/** The conditions still to meet, one line each. */
function useConditions(lock: ChallengeLock): string[] {
  const { t, i18n } = useTranslation();
  const lines: string[] = [];
  const required = lock.prerequisites.length + lock.hiddenPrerequisites;
  if (required > 0) {
    const names = lock.prerequisites.map((p) => (p.solved ? `${p.title} ✓` : p.title)).join(', ');
    const named =
      lock.prerequisiteCount >= required
        ? t('unlocks.solve_all', { names })
        : t('unlocks.solve_any', { n: lock.prerequisiteCount, names });
    const more =
      lock.hiddenPrerequisites > 0
        ? ` (${t('unlocks.hidden_more', { n: lock.hiddenPrerequisites })})`
        : '';
    const progress = t('unlocks.progress', {
      solved: lock.solvedPrerequisites,
      needed: lock.prerequisiteCount,
    });
    lines.push(`${named}${more} · ${progress}`);
  }
  if (lock.unlockScore > 0) lines.push(t('unlocks.score', { score: lock.unlockScore }));
  if (lock.releaseTime !== null) {
    lines.push(t('unlocks.release', { time: formatDateTime(lock.releaseTime, i18n.language) }));
  }
  return lines;
}

export function LockedChallengeCard({ challenge, lock }: LockedChallengeCardProps) {
  const { t } = useTranslation();
  const conditions = useConditions(lock);
  return (
    <Card
      variant="outlined"
      data-testid="locked-challenge"
      sx={{ height: '100%', p: 2, borderStyle: 'dashed', bgcolor: 'action.hover' }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography
            variant="subtitle1"
            component="h3"
            color="text.secondary"
            sx={{ flex: 1, fontWeight: 600, wordBreak: 'break-word' }}
          >
            {challenge.title}
          </Typography>
          <LockIcon color="action" titleAccess={t('unlocks.locked')} />
        </Stack>
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {t('unlocks.opens')}
          </Typography>
          {conditions.map((line) => (
            <Typography key={line} variant="body2" color="text.secondary">
              {line}
            </Typography>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('challenge.score', { score: challenge.score })}
        </Typography>
      </Stack>
    </Card>
  );
}
