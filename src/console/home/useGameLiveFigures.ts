/**
 * A running game's live figures on the console home: its monitor hub (`/hub/monitor?game={id}`:
 * each checked submission, container starts and stops) and its players' hub (`/hub/user?game={id}`:
 * blood notices) move the cached figures (./overviewUpdates.ts); after a lost connection came back
 * the figures are read again.
 */
import type { GameEvent, GameNotice, MonitorSubmission } from '@/api/types';
import { fromHubNotice } from '@/hooks/gameNotices';
import { hubTime } from '@/hooks/liveFeed';
import { useHub } from '@/lib/realtime/useHub';
import { useRefetchOnReconnect } from '@/lib/realtime/useRefetchOnReconnect';
import { gameEventArrived, noticeArrived, submissionArrived } from './overviewUpdates';
import { useOverviewUpdate } from './useOverview';

type Pushed<T> = Omit<T, 'time'> & { time: number | string };

export const monitorHubUrl = (gameId: number) => `/hub/monitor?game=${gameId}`;
export const playersHubUrl = (gameId: number) => `/hub/user?game=${gameId}`;

export function useGameLiveFigures(gameId: number) {
  const { update, refetch } = useOverviewUpdate();
  const submissions = useHub<Pushed<MonitorSubmission>>({
    url: monitorHubUrl(gameId),
    target: 'ReceivedSubmissions',
    onMessage: (submission) =>
      update((overview) => submissionArrived(overview, gameId, hubTime(submission.time))),
  });
  useHub<Pushed<GameEvent>>({
    url: monitorHubUrl(gameId),
    target: 'ReceivedGameEvent',
    onMessage: (event) => update((overview) => gameEventArrived(overview, gameId, event.type)),
  });
  const notices = useHub<Pushed<GameNotice>>({
    url: playersHubUrl(gameId),
    target: 'ReceivedGameNotice',
    onMessage: (notice) =>
      update((overview) => noticeArrived(overview, gameId, fromHubNotice(notice))),
  });
  useRefetchOnReconnect(submissions, refetch);
  useRefetchOnReconnect(notices, refetch);
  return submissions;
}
