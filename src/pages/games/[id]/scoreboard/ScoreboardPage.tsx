/**
 * `/games/:id/scoreboard` — a game's ranking: the top-10 chart and every accepted team with its
 * solves and bloods, per division when the game has divisions. Follows the game live while it
 * runs (10 s polling, and a read after each blood); monitors can download it as a spreadsheet.
 * A board frozen for players (issue 17) says so, and is read again when the game ends; monitors
 * and organisers, who see it live, are told what players see (issue 23), and the "Live" chip only
 * shows on a board that follows the game. A game whose scores are kept from the caller until the
 * end (issue 25) says why instead, and shows the board once allowed: after signing in, or at the
 * end (the phase flips on time, so a page left open reads it then).
 */
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { isIndividual } from '@/lib/playMode';
import { statusOf } from '@/lib/notifications/describeError';
import { useNow } from '@/lib/time/useNow';
import { usePageTitle } from '@/lib/usePageTitle';
import { LoadError } from '@/components/status/LoadError';
import { useProfile } from '@/hooks/account';
import { activeFreeze, gamePhase, useGame, useMyTeams } from '@/hooks/games';
import { useScoreboard } from '@/hooks/scoreboard';
import { roleAtLeast } from '@/pages/games/[id]/GameLinks';
import { callerRowId, divisionsOf } from './board';
import { FreezeNotice } from './FreezeNotice';
import { FrozenBanner } from './FrozenBanner';
import { FrozenBoard } from './frozenBoard';
import { ScoreboardBoard } from './ScoreboardBoard';
import { ScoreboardHeader } from './ScoreboardHeader';
import { BoardSkeleton, GameNotFound, NotStarted } from './ScoreboardStates';
import { ScoresWithheld } from './ScoresWithheld';
import { scoresWithheld } from './scoreVisibility';

export default function ScoreboardPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const gameQuery = useGame(id);
  const game = gameQuery.data;
  // the phase only needs to flip on time; useGame reads the game again at its start and end
  const now = useNow(5_000);
  const phase = game && gamePhase(game, now);
  const { data: profile, isPending: profilePending } = useProfile();
  const monitor = roleAtLeast(profile?.role, 'Monitor');
  const withheld = profilePending
    ? null
    : scoresWithheld(game?.scoreVisibility, {
        ended: phase === 'ended',
        signedIn: !!profile,
        monitor,
      });
  const boardQuery = useScoreboard(id, {
    enabled: phase !== undefined && phase !== 'upcoming' && !profilePending && withheld === null,
    live: phase === 'running',
    monitor,
  });
  const board = boardQuery.data;
  // A frozen board thaws at the end: read it again then.
  const { refetch } = boardQuery;
  const thawed = phase === 'ended' && board?.frozenAt !== undefined;
  useEffect(() => {
    if (thawed) void refetch();
  }, [thawed, refetch]);
  const alone = isIndividual(game);
  const { data: myTeams } = useMyTeams(!!profile && game?.status === 'Accepted' && !alone);
  usePageTitle(game ? `${t('scoreboard.page')} - ${game.title}` : t('scoreboard.page'));

  const accepted = game?.status === 'Accepted';
  const teamName = game?.teamName;
  const callerId = useMemo(() => {
    if (!board) return undefined;
    // a personal entry is not among the caller's teams; in an individual game every entry is
    // named after its (uniquely named) player, so the caller's row is the one with their entry's
    if (alone) {
      return accepted ? board.items.find((row) => row.name === teamName)?.id : undefined;
    }
    return myTeams
      ? callerRowId(board.items, { teamIds: new Set(myTeams.map((team) => team.id)), teamName })
      : undefined;
  }, [board, myTeams, alone, accepted, teamName]);

  if (!validId || statusOf(gameQuery.error) === 404) return <GameNotFound />;
  if (!game) {
    return gameQuery.isError ? (
      <LoadError
        error={gameQuery.error}
        title={t('scoreboard.game_load_failed')}
        onRetry={() => void gameQuery.refetch()}
        retrying={gameQuery.isRefetching}
      />
    ) : (
      <BoardSkeleton withTitle />
    );
  }

  return (
    <Stack spacing={3}>
      <ScoreboardHeader
        game={game}
        updatedAt={board?.updateTimeUtc}
        live={phase === 'running' && withheld === null && board?.frozenAt === undefined}
        canDownload={phase !== 'upcoming' && monitor}
      />
      {phase === 'upcoming' && <NotStarted start={game.start} />}
      {board?.frozenAt !== undefined && phase === 'running' && (
        <FrozenBanner frozenAt={board.frozenAt} />
      )}
      {monitor && phase !== 'ended' && game.freezeTime != null && (
        <FreezeNotice freezeTime={game.freezeTime} frozen={activeFreeze(game, now) !== undefined} />
      )}
      {phase !== 'upcoming' && withheld !== null && (
        <ScoresWithheld reason={withheld} end={game.end} />
      )}
      {boardQuery.isError && withheld === null && (
        <LoadError
          error={boardQuery.error}
          title={t(board ? 'scoreboard.refresh_failed' : 'scoreboard.load_failed')}
          severity={board ? 'warning' : 'error'}
          onRetry={() => void boardQuery.refetch()}
          retrying={boardQuery.isRefetching}
        />
      )}
      {phase !== 'upcoming' && withheld === null && boardQuery.isPending && !boardQuery.isError && (
        <BoardSkeleton />
      )}
      {board && withheld === null && (
        <FrozenBoard value={board.frozenAt !== undefined}>
          <ScoreboardBoard
            game={game}
            board={board}
            divisions={divisionsOf(game.divisions, board)}
            callerId={callerId}
            canAward={roleAtLeast(profile?.role, 'Admin')}
          />
        </FrozenBoard>
      )}
    </Stack>
  );
}
