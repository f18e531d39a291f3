/**
 * How the console home's figures (GET /api/admin/overview) follow the hubs between two reads:
 * pure functions from the figures and one pushed message to the new figures. A read from the
 * server replaces them all (every minute, and after a lost connection came back), so a message
 * that crossed a read only skews a figure until the next one.
 */
import type {
  AdminOverview,
  BloodOverview,
  GameNotice,
  GameOverview,
  LogMessage,
  RegistrationChange,
  SubmissionMinute,
} from '@/api/types';

export const MINUTE = 60_000;
/** The minutes the chart shows, the current one last (as the server reads them). */
export const CHART_MINUTES = 60;
/** Bloods kept per game (as the server answers them). */
export const LATEST_BLOODS = 5;

const BLOOD_TYPES: readonly string[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];
const ERROR_LEVELS: readonly string[] = ['Error', 'Fatal'];

export const minuteOf = (time: number) => Math.floor(time / MINUTE) * MINUTE;

/** The figures with one game's changed; the same object when the game is not on the home. */
export function updateGame(
  overview: AdminOverview,
  gameId: number,
  update: (game: GameOverview) => GameOverview,
): AdminOverview {
  if (!overview.games.some((game) => game.id === gameId)) return overview;
  return {
    ...overview,
    games: overview.games.map((game) => (game.id === gameId ? update(game) : game)),
  };
}

const step = (matches: boolean) => (matches ? 1 : 0);

/** A registration created, reviewed or removed: teams, accepted and pending move with it. */
export function registrationChanged(
  overview: AdminOverview,
  change: RegistrationChange,
): AdminOverview {
  const moved = (status: RegistrationChange['status']) =>
    step(change.status === status) - step(change.previous === status);
  return updateGame(overview, change.gameId, (game) => ({
    ...game,
    teams: Math.max(0, game.teams + step(change.previous === null) - step(change.status === null)),
    acceptedTeams: Math.max(0, game.acceptedTeams + moved('Accepted')),
    pendingTeams: Math.max(0, game.pendingTeams + moved('Pending')),
  }));
}

/** One submission more in the minute of `time`, the minutes kept in order. */
export function addSubmission(
  minutes: readonly SubmissionMinute[],
  time: number,
): SubmissionMinute[] {
  const minute = minuteOf(time);
  if (minutes.some((bucket) => bucket.minute === minute)) {
    return minutes.map((bucket) =>
      bucket.minute === minute ? { ...bucket, count: bucket.count + 1 } : bucket,
    );
  }
  return [...minutes, { minute, count: 1 }].sort((a, b) => a.minute - b.minute);
}

export function submissionArrived(
  overview: AdminOverview,
  gameId: number,
  time: number,
): AdminOverview {
  return updateGame(overview, gameId, (game) => ({
    ...game,
    submissionsPerMinute: addSubmission(game.submissionsPerMinute, time),
  }));
}

/** A monitor event: a container start or stop moves the running instances. */
export function gameEventArrived(
  overview: AdminOverview,
  gameId: number,
  type: string,
): AdminOverview {
  const delta = type === 'ContainerStart' ? 1 : type === 'ContainerDestroy' ? -1 : 0;
  if (delta === 0) return overview;
  return updateGame(overview, gameId, (game) => ({
    ...game,
    runningInstances: Math.max(0, game.runningInstances + delta),
  }));
}

/** A blood notice of the game (values: team, challenge) on top of its latest bloods. */
export function bloodOf(notice: GameNotice): BloodOverview | undefined {
  if (!BLOOD_TYPES.includes(notice.type)) return undefined;
  const [team = '', challenge = ''] = notice.values;
  return { type: notice.type as BloodOverview['type'], team, challenge, time: notice.time };
}

export function noticeArrived(
  overview: AdminOverview,
  gameId: number,
  notice: GameNotice,
): AdminOverview {
  const blood = bloodOf(notice);
  if (!blood) return overview;
  const same = (other: BloodOverview) => JSON.stringify(other) === JSON.stringify(blood);
  return updateGame(overview, gameId, (game) =>
    game.bloods.some(same)
      ? game
      : {
          ...game,
          bloods: [blood, ...game.bloods].sort((a, b) => b.time - a.time).slice(0, LATEST_BLOODS),
        },
  );
}

/** A pushed log entry: an error or a fatal one counts among the last hour's errors. */
export function logArrived(overview: AdminOverview, entry: LogMessage): AdminOverview {
  if (!ERROR_LEVELS.includes(entry.level ?? '')) return overview;
  return { ...overview, errorsLastHour: overview.errorsLastHour + 1 };
}

/** Every minute of the chart, oldest first, the one of `now` last; minutes without any are 0. */
export function minuteSeries(
  minutes: readonly SubmissionMinute[],
  now: number,
  count = CHART_MINUTES,
): SubmissionMinute[] {
  const last = minuteOf(now);
  const counts = new Map(minutes.map((bucket) => [bucket.minute, bucket.count]));
  return Array.from({ length: count }, (_, i) => {
    const minute = last - (count - 1 - i) * MINUTE;
    return { minute, count: counts.get(minute) ?? 0 };
  });
}

/** Submissions in the minute of `now`. */
export const thisMinute = (minutes: readonly SubmissionMinute[], now: number) =>
  minutes.find((bucket) => bucket.minute === minuteOf(now))?.count ?? 0;

/**
 * When the home's games next change phase (an upcoming one starts, a running one ends) after
 * `now`, so the figures are read again then; undefined when none will.
 */
export function nextPhaseChange(overview: AdminOverview, now: number): number | undefined {
  const times = overview.games
    .map((game) =>
      game.phase === 'Upcoming' ? game.start : game.phase === 'Running' ? game.end : undefined,
    )
    .filter((time): time is number => time !== undefined && time > now);
  return times.length === 0 ? undefined : Math.min(...times);
}
