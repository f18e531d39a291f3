/**
 * The playing view: the team's summary, the challenges by category, the notices (live), and the
 * challenge dialog, addressed by `?challenge={id}` so a challenge can be linked and reloaded.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GameNotice, PublicGameDetail } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { challengeKeys, useGameDetails } from '@/hooks/challenges';
import { useGameNotices } from '@/hooks/gameNotices';
import { ChallengeDialog } from './ChallengeDialog';
import { ChallengeList } from './ChallengeList';
import { NoticesPanel } from './NoticesPanel';
import { useNoticeText } from './NoticeItem';
import { teamSolves } from './solves';
import { TeamSummary } from './TeamSummary';
import { useSolvedHere } from './useSolvedHere';

const CHALLENGE_PARAM = 'challenge';

/** The open challenge from the URL, when it is a valid id. */
function useOpenChallenge() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(CHALLENGE_PARAM));
  const open = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const setOpen = useCallback(
    (id: number | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === undefined) next.delete(CHALLENGE_PARAM);
          else next.set(CHALLENGE_PARAM, String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [open, setOpen] as const;
}

/** A notification for each notice pushed live; the board follows what it announces. */
function useLiveNoticeHandler(gameId: number) {
  const { t } = useTranslation();
  const notify = useNotify();
  const text = useNoticeText();
  const queryClient = useQueryClient();
  return (notice: GameNotice) => {
    notify.show({
      color: 'info',
      title: t(`challenges.notices.types.${notice.type}`),
      message: text(notice),
    });
    // bloods move scores, new challenges and hints change the list and the challenges
    if (notice.type !== 'Normal') {
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all(gameId) });
    }
  };
}

export function ChallengeBoard({ game, practice }: { game: PublicGameDetail; practice: boolean }) {
  const gameId = game.id;
  const details = useGameDetails(gameId, { live: !practice });
  const notices = useGameNotices(gameId, { onLiveNotice: useLiveNoticeHandler(gameId) });
  const [openId, setOpenId] = useOpenChallenge();
  const [acceptedHere, onAccepted] = useSolvedHere(gameId, details.data?.rank?.id, practice);
  const solves = useMemo(
    () => teamSolves(details.data, acceptedHere),
    [details.data, acceptedHere],
  );
  const openTitle = useMemo(
    () =>
      Object.values(details.data?.challenges ?? {})
        .flat()
        .find((challenge) => challenge.id === openId)?.title,
    [details.data, openId],
  );

  return (
    <Stack spacing={3}>
      <TeamSummary game={game} view={details.data} solvedCount={solves.size} practice={practice} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8, lg: 9 }}>
          <ChallengeList query={details} solves={solves} onOpen={setOpenId} />
        </Grid>
        <Grid size={{ xs: 12, md: 4, lg: 3 }}>
          <NoticesPanel
            notices={notices.data}
            isPending={notices.isPending}
            error={notices.error}
            onRetry={() => void notices.refetch()}
            hubStatus={notices.hubStatus}
          />
        </Grid>
      </Grid>
      <ChallengeDialog
        gameId={gameId}
        challengeId={openId}
        title={openTitle}
        solved={openId !== undefined && solves.has(openId)}
        practice={practice}
        onAccepted={onAccepted}
        onClose={() => setOpenId(undefined)}
      />
    </Stack>
  );
}
