/**
 * Builders of the player site's API models (public games, a team's challenges, scoreboards,
 * monitoring), with defaults and overrides; re-exported by ./builders.ts.
 */
import type { ContainerInfo, GameChallenge, TeamChallenge, TeamGameView } from '@/api/types';
import type { PublicGame, PublicGameDetail } from '@/api/types';
import type { Scoreboard, ScoreboardRow, ScoreboardSolve, TopTimeLine } from '@/api/types';

let publicGameCounter = 0;

/** A game of the public list (`GET /api/game`), running: started an hour ago, ends in two days. */
export const buildPublicGame = (overrides: Partial<PublicGame> = {}): PublicGame => {
  const n = ++publicGameCounter;
  const now = Date.now();
  return {
    id: n,
    title: `Game ${n}`,
    summary: `Summary of game ${n}`,
    poster: null,
    limit: 0,
    start: now - 3_600_000,
    end: now + 48 * 3_600_000,
    ...overrides,
  };
};

/**
 * A game's public page (`GET /api/game/{id}`) as a signed-in user who has not joined sees it;
 * running, like `buildPublicGame`.
 */
export const buildGameDetail = (overrides: Partial<PublicGameDetail> = {}): PublicGameDetail => {
  const { id, title, summary, poster, limit, start, end } = buildPublicGame();
  return {
    id,
    title,
    summary,
    poster,
    limit,
    start,
    end,
    content: '',
    hidden: false,
    divisions: null,
    inviteCodeRequired: false,
    writeupRequired: false,
    teamCount: 0,
    division: null,
    teamName: null,
    practiceMode: true,
    status: 'Unsubmitted',
    ...overrides,
  };
};

let gameChallengeCounter = 0;

/** A challenge of a team's game view (`GET /api/game/{id}/details`): 500 points, unsolved. */
export const buildGameChallenge = (overrides: Partial<GameChallenge> = {}): GameChallenge => {
  const n = ++gameChallengeCounter;
  return {
    id: 200 + n,
    title: `Challenge ${200 + n}`,
    category: 'Web',
    score: 500,
    solved: 0,
    bloods: [],
    disableBloodBonus: false,
    ...overrides,
  };
};

/**
 * A team's game view (`GET /api/game/{id}/details`) holding `challenges`, grouped by category; the
 * team ranks first with no solves unless `rank` says otherwise.
 */
export const buildTeamGameView = (
  challenges: GameChallenge[] = [],
  overrides: Partial<TeamGameView> = {},
): TeamGameView => {
  const grouped: TeamGameView['challenges'] = {};
  for (const challenge of challenges) {
    (grouped[challenge.category] ??= []).push(challenge);
  }
  return {
    challenges: grouped,
    challengeCount: challenges.length,
    rank: {
      id: 1,
      name: 'Team 1',
      bio: null,
      division: null,
      avatar: null,
      score: 0,
      rank: 1,
      divisionRank: null,
      lastSubmissionTime: -62_135_596_800_000,
      solvedChallenges: [],
      solvedCount: 0,
    },
    teamToken: '1:c2lnbmF0dXJl',
    writeupRequired: false,
    writeupDeadline: 0,
    ...overrides,
  };
};

/** A challenge as a team sees it (`GET /api/game/{id}/challenges/{cId}`), without attachment. */
export const buildTeamChallenge = (overrides: Partial<TeamChallenge> = {}): TeamChallenge => ({
  id: 201,
  title: 'Challenge 201',
  content: 'Find the flag.',
  category: 'Web',
  hints: [],
  score: 500,
  type: 'StaticAttachment',
  context: {
    closeTime: null,
    instanceEntry: null,
    url: null,
    fileSize: null,
    containerStart: null,
    attempts: null,
  },
  ...overrides,
});

/** A team's running container (`POST /api/game/{id}/container/{cId}`), started now, for 2 hours. */
export const buildContainer = (overrides: Partial<ContainerInfo> = {}): ContainerInfo => {
  const now = Date.now();
  return {
    status: 'Running',
    startedAt: now,
    expectStopAt: now + 2 * 3_600_000,
    entry: '10.0.0.5:30001',
    ...overrides,
  };
};

/** A counted solve of a scoreboard row: a plain solve worth 500, at 10:00 on 15 Jan 2027 UTC. */
export const buildSolve = (overrides: Partial<ScoreboardSolve> = {}): ScoreboardSolve => ({
  id: 201,
  score: 500,
  type: 'Normal',
  userName: 'alice',
  time: Date.UTC(2027, 0, 15, 10),
  ...overrides,
});

let scoreboardRowCounter = 0;

/**
 * A team's scoreboard row; score, count and last time follow its `solvedChallenges`. Ranks are
 * the caller's to set (they default to 1).
 */
export const buildScoreboardRow = (overrides: Partial<ScoreboardRow> = {}): ScoreboardRow => {
  const n = ++scoreboardRowCounter;
  const solves = overrides.solvedChallenges ?? [];
  return {
    id: 500 + n,
    name: `Team ${500 + n}`,
    bio: null,
    division: null,
    avatar: null,
    score: solves.reduce((sum, solve) => sum + solve.score, 0),
    rank: 1,
    divisionRank: null,
    lastSubmissionTime: solves.at(-1)?.time ?? -62_135_596_800_000,
    solvedChallenges: solves,
    solvedCount: solves.length,
    ...overrides,
  };
};

/** A row's cumulative score series, as the board's `timeLines` hold it. */
export const timelineOfRow = (row: ScoreboardRow): TopTimeLine => {
  let score = 0;
  return {
    id: row.id,
    name: row.name,
    items: row.solvedChallenges.map((solve) => ({
      time: solve.time,
      score: (score += solve.score),
    })),
  };
};

/**
 * A scoreboard (`GET /api/game/{id}/scoreboard`) of `rows` (ranked in the given order) over
 * `challenges`, grouped by category; the `all` time line holds the first ten rows.
 */
export const buildScoreboard = (
  challenges: GameChallenge[] = [],
  rows: ScoreboardRow[] = [],
  overrides: Partial<Scoreboard> = {},
): Scoreboard => {
  const grouped: Scoreboard['challenges'] = {};
  for (const challenge of challenges) (grouped[challenge.category] ??= []).push(challenge);
  const items = rows.map((row, index) => ({ ...row, rank: index + 1 }));
  return {
    updateTimeUtc: Date.now() - 60_000,
    bloodBonus: 52_459_530,
    timeLines: { all: items.slice(0, 10).map(timelineOfRow) },
    items,
    challenges: grouped,
    challengeCount: challenges.length,
    ...overrides,
  };
};

// monitoring (`/api/game/{id}/events`, `/submissions`, `/cheatinfo`, `/api/game/captures/*`)
// (types named inline, so that this block needs no line in the shared import list above)
type MonitorSchema<K extends keyof import('@/api/types').Schemas> =
  import('@/api/types').Schemas[K];

let monitorCounter = 0;
const monitorTime = () => 1_800_000_000_000 + ++monitorCounter * 1_000;

/** A monitor event: by default a wrong flag of `Team A`'s alice for `Web 1`, a second later each. */
export const buildGameEvent = (
  overrides: Partial<MonitorSchema<'GameEvent'>> = {},
): MonitorSchema<'GameEvent'> => ({
  type: 'FlagSubmit',
  values: ['WrongAnswer', `flag{guess-${monitorCounter + 1}}`, 'Web 1', '11'],
  time: monitorTime(),
  user: 'alice',
  team: 'Team A',
  ...overrides,
});

/** A checked submission as monitors see it, a second after the previous one. */
export const buildMonitorSubmission = (
  overrides: Partial<MonitorSchema<'Submission'>> = {},
): MonitorSchema<'Submission'> => ({
  answer: `flag{try-${monitorCounter + 1}}`,
  status: 'WrongAnswer',
  time: monitorTime(),
  user: 'alice',
  team: 'Team A',
  challenge: 'Web 1',
  ...overrides,
});

/** One registration per team name, the same each time the name is used. */
const monitorParticipations = new Map<string, number>();

const participationModel = (name: string): MonitorSchema<'ParticipationModel'> => {
  const id = monitorParticipations.get(name) ?? monitorParticipations.size + 1;
  monitorParticipations.set(name, id);
  return { id, team: { id: 100 + id, name, avatar: null }, status: 'Accepted', division: null };
};

/** `submitter` sent the flag of `owner`'s instance. */
export const buildCheatInfo = ({
  submitter = 'Team A',
  owner = 'Team B',
  ...submission
}: Partial<MonitorSchema<'Submission'>> & {
  submitter?: string;
  owner?: string;
} = {}): MonitorSchema<'CheatInfoModel'> => ({
  submitTeam: participationModel(submitter),
  ownedTeam: participationModel(owner),
  submission: buildMonitorSubmission({ status: 'CheatDetected', team: submitter, ...submission }),
});

/** A challenge recording traffic (`GET /api/game/games/{id}/captures`). */
export const buildCaptureChallenge = (
  overrides: Partial<MonitorSchema<'ChallengeTrafficModel'>> = {},
): MonitorSchema<'ChallengeTrafficModel'> => ({
  id: 11,
  title: 'Pwn 1',
  category: 'Pwn',
  type: 'DynamicContainer',
  isEnabled: true,
  count: 1,
  ...overrides,
});

/** A team with capture files (`GET /api/game/captures/{cId}`); `id` is the participation. */
export const buildCaptureTeam = (
  overrides: Partial<MonitorSchema<'TeamTrafficModel'>> = {},
): MonitorSchema<'TeamTrafficModel'> => ({
  id: 7,
  teamId: 107,
  name: 'Team A',
  division: null,
  avatar: null,
  count: 2,
  ...overrides,
});

/** A capture file (`GET /api/game/captures/{cId}/{pId}`). */
export const buildCaptureFile = (
  overrides: Partial<MonitorSchema<'FileRecord'>> = {},
): MonitorSchema<'FileRecord'> => ({
  fileName: `0a1b2c3d-${++monitorCounter}.pcap`,
  size: 2_048,
  updateTime: 1_800_000_000_000,
  ...overrides,
});
