/**
 * A team's play data (`/api/game/{id}/details`, `/challenges/{cId}`, `/container/{cId}`) on the
 * shared query client: the challenge list with the team's rank, one challenge as the team sees it,
 * flag submission with the checking result, and the team's container of a challenge (with its
 * start followed through the server's start queue).
 *
 * The list follows the board while the game runs (`live`); after the end (practice mode) scores
 * no longer move, so it does not. The game's notices, with their live channel, are in
 * ./gameNotices.ts.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, HttpError } from '@/api/client';
import { errorMessage } from '@/api/errors';
import type { AnswerResult, ContainerInfo, FlagContext, TeamChallenge } from '@/api/types';
import { REFRESH_INTERVAL } from '@/lib/queryClient';
import { useRefetchOnReconnect } from '@/lib/realtime/useRefetchOnReconnect';
import { LIVE_SAFETY_INTERVAL, useBoardUpdates } from './boardUpdates';
import { useUnlockUpdates } from './unlockUpdates';
import { gameKeys } from './games';

export const challengeKeys = {
  all: (gameId: number) => ['games', 'play', gameId] as const,
  details: (gameId: number) => ['games', 'play', gameId, 'details'] as const,
  challenge: (gameId: number, challengeId: number) =>
    ['games', 'play', gameId, 'challenge', challengeId] as const,
};

/**
 * The team's view of the game: challenges by category, its scoreboard row, its token. Built from
 * the board, so while the game runs it is read again when the board is rebuilt
 * (./boardUpdates.ts), every minute in case an update was missed, every 10 s while the hub is down.
 */
export function useGameDetails(gameId: number, { enabled = true, live = false } = {}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: challengeKeys.details(gameId) });
  const hubStatus = useBoardUpdates(gameId, { enabled: enabled && live, refresh });
  // An unlock (a challenge opening, or a priced hint a teammate unlocked) reads the open
  // challenge again as well as the team's view.
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: challengeKeys.all(gameId) });
  useUnlockUpdates(gameId, { enabled, refresh: refreshAll });
  const query = useQuery({
    queryKey: challengeKeys.details(gameId),
    queryFn: async () =>
      unwrap(await api.GET('/api/game/{id}/details', { params: { path: { id: gameId } } })),
    enabled,
    refetchInterval: !live ? false : hubStatus === 'live' ? LIVE_SAFETY_INTERVAL : REFRESH_INTERVAL,
  });
  useRefetchOnReconnect(hubStatus, refresh);
  return query;
}

/** How often the team's challenge is read again while its container start is queued or starting. */
export const START_FOLLOW_INTERVAL = 1_000;

/** The team's container start is on its way (queued or starting): its place moves, then it runs. */
export const startUnderWay = (context: FlagContext | undefined): boolean =>
  context?.containerStart?.state === 'Queued' || context?.containerStart?.state === 'Starting';

/**
 * One challenge with the team's own attachment and container; read while `challengeId` is set,
 * and about every second while the team's container start waits in the server's start queue.
 */
export function useTeamChallenge(gameId: number, challengeId: number | undefined) {
  return useQuery({
    queryKey: challengeKeys.challenge(gameId, challengeId ?? 0),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/game/{id}/challenges/{challengeId}', {
          params: { path: { id: gameId, challengeId: challengeId ?? 0 } },
        }),
      ),
    enabled: challengeId !== undefined,
    refetchInterval: (query) =>
      startUnderWay(query.state.data?.context) ? START_FOLLOW_INTERVAL : false,
  });
}

/** How a submission is followed: read its result every second, for at most about 30 s. */
export const SUBMISSION_POLL = { intervalMs: 1_000, attempts: 30 };

/** The checked result, or `Timeout` when it was still being checked when we stopped asking. */
export type SubmissionOutcome = Exclude<AnswerResult, 'FlagSubmitted'> | 'Timeout';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads a submission's result until it is checked (or the attempts run out). */
export async function pollSubmission(
  read: () => Promise<AnswerResult>,
  { intervalMs, attempts } = SUBMISSION_POLL,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<SubmissionOutcome> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await wait(intervalMs);
    const result = await read();
    if (result !== 'FlagSubmitted') return result;
  }
  return 'Timeout';
}

export interface SubmitFlagOptions {
  /** Called with every checked outcome, even when the form that submitted is gone by then. */
  onChecked?: (outcome: SubmissionOutcome) => void;
}

/**
 * Submits a flag, then follows its check. Resolves to the outcome. An accepted flag refreshes the
 * challenge list (scores, solves, the team's rank) and, for a dynamic container, stops the team's
 * container: its flag is found, it has nothing more to give.
 */
export function useSubmitFlag(
  gameId: number,
  challengeId: number,
  { onChecked }: SubmitFlagOptions = {},
) {
  const queryClient = useQueryClient();
  const path = { id: gameId, challengeId };
  const challengeKey = challengeKeys.challenge(gameId, challengeId);
  // With attempt limits (issue 25) every submission moves the team's attempts and wait: the
  // challenge is read again once one is stored, refused or checked. Without, nothing changes there.
  const rereadAttempts = () => {
    const challenge = queryClient.getQueryData<TeamChallenge>(challengeKey);
    if (challenge?.context.attempts) void queryClient.invalidateQueries({ queryKey: challengeKey });
  };
  return useMutation({
    mutationFn: async (flag: string): Promise<SubmissionOutcome> => {
      const submitId = unwrap(
        await api.POST('/api/game/{id}/challenges/{challengeId}', {
          params: { path },
          body: { flag },
        }),
      );
      rereadAttempts();
      return pollSubmission(async () =>
        unwrap(
          await api.GET('/api/game/{id}/challenges/{challengeId}/status/{submitId}', {
            params: { path: { ...path, submitId } },
          }),
        ),
      );
    },
    onSuccess: (outcome) => {
      onChecked?.(outcome);
      rereadAttempts();
      if (outcome !== 'Accepted') return;
      const challenge = queryClient.getQueryData<TeamChallenge>(
        challengeKeys.challenge(gameId, challengeId),
      );
      if (challenge?.type === 'DynamicContainer' && challenge.context.instanceEntry !== null) {
        void destroySolvedInstance(queryClient, gameId, challengeId);
      }
      // not awaited: the result shows at once, the list follows
      void queryClient.invalidateQueries({ queryKey: challengeKeys.details(gameId) });
    },
    // refused as "game ended", "not accepted"…: the game page's state may have changed
    onError: (error) => {
      // out of attempts (403) or inside the wait (429): show where the team stands
      if (error instanceof HttpError && (error.status === 403 || error.status === 429)) {
        rereadAttempts();
      }
      return error instanceof HttpError && error.status === 400
        ? queryClient.invalidateQueries({ queryKey: gameKeys.detail(gameId) })
        : undefined;
    },
  });
}

/** A refused container operation that may be tried again after `retryAfter` seconds. */
export class ThrottledError extends HttpError {
  constructor(
    message: string,
    body: unknown,
    readonly retryAfter: number | undefined,
  ) {
    super(message, 429, body);
    this.name = 'ThrottledError';
  }
}

interface ContainerCall<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** `unwrap`, keeping the `Retry-After` of a 429 (the 10-second guard between operations). */
function unwrapContainerCall<D>(result: ContainerCall<D>): D {
  if (result.response.status === 429) {
    const seconds = Number(result.response.headers.get('Retry-After'));
    throw new ThrottledError(
      errorMessage(result.error, result.response),
      result.error,
      Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
    );
  }
  return unwrap(result);
}

/** Writes a container change into the cached challenge's `context`. */
function writeContext(
  queryClient: QueryClient,
  gameId: number,
  challengeId: number,
  context: Partial<FlagContext>,
) {
  queryClient.setQueryData<TeamChallenge>(challengeKeys.challenge(gameId, challengeId), (old) =>
    old ? { ...old, context: { ...old.context, ...context } } : old,
  );
}

/** The context of a challenge whose team has no container and no start under way. */
const NO_CONTAINER = { instanceEntry: null, closeTime: null, containerStart: null } as const;

/**
 * What a Start answer says of the container: running (its entry and stop), still on its way in
 * the start queue (`Pending`, its place in line), or cancelled meanwhile (`Destroyed`).
 */
function contextOf(container: ContainerInfo): Partial<FlagContext> {
  if (container.status === 'Running') {
    return {
      instanceEntry: container.entry,
      closeTime: container.expectStopAt,
      containerStart: null,
    };
  }
  if (container.status === 'Destroyed') return NO_CONTAINER;
  const position = container.queuePosition ?? 0;
  return {
    instanceEntry: null,
    closeTime: null,
    containerStart: { state: position > 0 ? 'Queued' : 'Starting', position, reason: null },
  };
}

const containerPath = (gameId: number, challengeId: number) => ({
  params: { path: { id: gameId, challengeId } },
});

/** Stops a solved challenge's container, once more after the wait if the server says "too soon". */
async function destroySolvedInstance(
  queryClient: QueryClient,
  gameId: number,
  challengeId: number,
  again = true,
): Promise<void> {
  try {
    unwrapContainerCall(
      await api.DELETE(
        '/api/game/{id}/container/{challengeId}',
        containerPath(gameId, challengeId),
      ),
    );
    writeContext(queryClient, gameId, challengeId, NO_CONTAINER);
  } catch (error) {
    if (again && error instanceof ThrottledError && error.retryAfter) {
      setTimeout(
        () => void destroySolvedInstance(queryClient, gameId, challengeId, false),
        error.retryAfter * 1_000,
      );
    } else {
      // it may be gone already (expired); show what the server has
      await queryClient.invalidateQueries({
        queryKey: challengeKeys.challenge(gameId, challengeId),
      });
    }
  }
}

/**
 * The team's container of a challenge: start, extend, stop. Each answer is written into the
 * challenge's `context`, so every view of it shows the new entry and stop time, or the start's
 * place in the queue (then the challenge is followed until it runs, `useTeamChallenge`); a failure
 * reads the challenge again (the container may have expired meanwhile). Stop also cancels a start
 * still on its way.
 */
export function useInstanceActions(gameId: number, challengeId: number) {
  const queryClient = useQueryClient();
  const params = containerPath(gameId, challengeId);
  const fromContainer = (container: ContainerInfo) =>
    writeContext(queryClient, gameId, challengeId, contextOf(container));
  const resync = () =>
    queryClient.invalidateQueries({ queryKey: challengeKeys.challenge(gameId, challengeId) });

  const start = useMutation({
    mutationFn: async () =>
      unwrapContainerCall(await api.POST('/api/game/{id}/container/{challengeId}', params)),
    onSuccess: fromContainer,
    onError: resync,
  });
  const extend = useMutation({
    mutationFn: async () =>
      unwrapContainerCall(await api.POST('/api/game/{id}/container/{challengeId}/extend', params)),
    onSuccess: fromContainer,
    onError: resync,
  });
  const stop = useMutation({
    mutationFn: async () =>
      unwrapContainerCall(await api.DELETE('/api/game/{id}/container/{challengeId}', params)),
    onSuccess: () => writeContext(queryClient, gameId, challengeId, NO_CONTAINER),
    onError: resync,
  });
  return { start, extend, stop };
}
