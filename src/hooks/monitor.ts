/**
 * A game's monitoring data for monitors and administrators (`/api/game/{id}/events`,
 * `/submissions`, `/cheatinfo`, and the traffic captures under `/api/game/captures`), on the shared
 * query client.
 *
 * Events and submissions are live feeds (./liveFeed.ts) over the monitor hub
 * (`/hub/monitor?game={id}`: `ReceivedGameEvent`, `ReceivedSubmissions`); the cheat reports are
 * read again whenever the hub reports a `CheatDetected` event. Captures change only when a proxied
 * connection ends, so they are read on demand and after each deletion.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, HttpError, unwrap } from '@/api/client';
import type {
  AnswerResult,
  CaptureTeam,
  CheatInfo,
  GameEvent,
  GameEventType,
  MonitorSubmission,
} from '@/api/types';
import { useHub } from '@/lib/realtime/useHub';
import { hubTime, useLiveFeed } from './liveFeed';

/** Rows per page of the events and submissions (the API gives at most 100 at a time). */
export const MONITOR_PAGE_SIZE = 50;

export const monitorKeys = {
  all: (gameId: number) => ['games', 'monitor', gameId] as const,
  events: (gameId: number) => ['games', 'monitor', gameId, 'events'] as const,
  submissions: (gameId: number) => ['games', 'monitor', gameId, 'submissions'] as const,
  cheatInfo: (gameId: number) => ['games', 'monitor', gameId, 'cheatinfo'] as const,
  captures: (gameId: number) => ['games', 'monitor', gameId, 'captures'] as const,
  captureTeams: (gameId: number, challengeId: number) =>
    ['games', 'monitor', gameId, 'captures', challengeId] as const,
  captureFiles: (gameId: number, challengeId: number, partId: number) =>
    ['games', 'monitor', gameId, 'captures', challengeId, partId] as const,
};

/** What the monitor's files are downloaded from (through `useDownload`). */
export const monitorFiles = {
  submissionSheet: (gameId: number) => `/api/game/${gameId}/submissionsheet`,
  capture: (challengeId: number, partId: number, fileName: string) =>
    `/api/game/captures/${challengeId}/${partId}/${encodeURIComponent(fileName)}`,
  allCaptures: (challengeId: number, partId: number) =>
    `/api/game/captures/${challengeId}/${partId}/all`,
};

const hubUrl = (gameId: number) => `/hub/monitor?game=${gameId}`;

/** Hub payloads: the REST models with ISO-8601 times. */
type Pushed<T extends { time: number }> = Omit<T, 'time'> & { time: number | string };

const fromHub = <T extends { time: number }>(message: Pushed<T>): T =>
  ({ ...message, time: hubTime(message.time) }) as T;

export interface EventFilter {
  /** Leave out container starts and stops. */
  hideContainer: boolean;
}

const CONTAINER_EVENTS: readonly GameEventType[] = ['ContainerStart', 'ContainerDestroy'];

export const matchesEventFilter = (event: GameEvent, { hideContainer }: EventFilter) =>
  !hideContainer || !CONTAINER_EVENTS.includes(event.type);

/** The game's events, newest first, a page at a time, with the newest pushed live. */
export function useMonitorEvents(
  gameId: number,
  { filter, page, enabled }: { filter: EventFilter; page: number; enabled: boolean },
) {
  return useLiveFeed<GameEvent, Pushed<GameEvent>, EventFilter>({
    root: monitorKeys.events(gameId),
    filter,
    page,
    pageSize: MONITOR_PAGE_SIZE,
    fetchPage: async ({ hideContainer }, skip, count) =>
      unwrap(
        await api.GET('/api/game/{id}/events', {
          params: {
            path: { id: gameId },
            query: { count, skip, ...(hideContainer && { hideContainer }) },
          },
        }),
      ),
    hubUrl: hubUrl(gameId),
    hubTarget: 'ReceivedGameEvent',
    parse: fromHub,
    matches: matchesEventFilter,
    enabled,
  });
}

export interface SubmissionFilter {
  /** Only submissions with this result; null for all. */
  status: AnswerResult | null;
}

export const matchesSubmissionFilter = (
  submission: MonitorSubmission,
  { status }: SubmissionFilter,
) => status === null || submission.status === status;

/** The game's submissions, newest first, a page at a time, with the newest pushed live. */
export function useMonitorSubmissions(
  gameId: number,
  { filter, page, enabled }: { filter: SubmissionFilter; page: number; enabled: boolean },
) {
  return useLiveFeed<MonitorSubmission, Pushed<MonitorSubmission>, SubmissionFilter>({
    root: monitorKeys.submissions(gameId),
    filter,
    page,
    pageSize: MONITOR_PAGE_SIZE,
    fetchPage: async ({ status }, skip, count) =>
      unwrap(
        await api.GET('/api/game/{id}/submissions', {
          params: { path: { id: gameId }, query: { count, skip, ...(status && { type: status }) } },
        }),
      ),
    hubUrl: hubUrl(gameId),
    hubTarget: 'ReceivedSubmissions',
    parse: fromHub,
    matches: matchesSubmissionFilter,
    enabled,
  });
}

/** Newest first (the API answers in no particular order). */
export const newestCheatFirst = (reports: readonly CheatInfo[]) =>
  [...reports].sort((a, b) => b.submission.time - a.submission.time);

/** Every detected use of another team's flag, newest first, read again on each new detection. */
export function useCheatInfo(gameId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = monitorKeys.cheatInfo(gameId);
  const query = useQuery({
    queryKey: key,
    queryFn: async () =>
      newestCheatFirst(
        unwrap(await api.GET('/api/game/{id}/cheatinfo', { params: { path: { id: gameId } } })),
      ),
    enabled,
  });
  const hubStatus = useHub<Pushed<GameEvent>>({
    url: hubUrl(gameId),
    target: 'ReceivedGameEvent',
    enabled,
    onMessage: (event) =>
      event.type === 'CheatDetected' ? queryClient.invalidateQueries({ queryKey: key }) : undefined,
  });
  return { ...query, hubStatus };
}

/** The game's challenges that record traffic, with how many teams have files. */
export function useCaptureChallenges(gameId: number, enabled: boolean) {
  return useQuery({
    queryKey: monitorKeys.captures(gameId),
    queryFn: async () =>
      unwrap(await api.GET('/api/game/games/{id}/captures', { params: { path: { id: gameId } } })),
    enabled,
  });
}

/** The teams with capture files for a challenge; none when nothing was captured (a 404). */
export function useCaptureTeams(gameId: number, challengeId: number | undefined) {
  return useQuery({
    queryKey: monitorKeys.captureTeams(gameId, challengeId ?? 0),
    queryFn: async (): Promise<CaptureTeam[]> => {
      const path = { challengeId: challengeId ?? 0 };
      const result = await api.GET('/api/game/captures/{challengeId}', { params: { path } });
      if (result.response.status === 404) return [];
      return unwrap(result);
    },
    enabled: challengeId !== undefined,
  });
}

/** One team's capture files for a challenge. */
export function useCaptureFiles(gameId: number, challengeId: number, partId: number | undefined) {
  return useQuery({
    queryKey: monitorKeys.captureFiles(gameId, challengeId, partId ?? 0),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/game/captures/{challengeId}/{partId}', {
          params: { path: { challengeId, partId: partId ?? 0 } },
        }),
      ),
    enabled: partId !== undefined,
  });
}

/**
 * Deletes one capture file (`fileName`) or all of a team's (`null`), then reads the captures
 * again: the counts of the challenge and team lists change too. A file already gone (404) counts
 * as deleted.
 */
export function useDeleteCaptures(gameId: number, challengeId: number, partId: number) {
  const queryClient = useQueryClient();
  const path = { challengeId, partId };
  return useMutation({
    mutationFn: async (fileName: string | null) => {
      try {
        if (fileName === null) {
          unwrap(
            await api.DELETE('/api/game/captures/{challengeId}/{partId}/all', {
              params: { path },
            }),
          );
        } else {
          unwrap(
            await api.DELETE('/api/game/captures/{challengeId}/{partId}/{filename}', {
              params: { path: { ...path, filename: fileName } },
            }),
          );
        }
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 404)) throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorKeys.captures(gameId) }),
  });
}
