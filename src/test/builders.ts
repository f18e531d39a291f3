/**
 * Test data builders (STYLE.md §11): valid API objects with defaults, and overrides.
 */
import type { ChallengeDetail, ClientConfig, Game, Profile, UserInfo } from '../api/types';
import type { TeamInfo, TeamMember } from '../api/types';
import type { Participation, TeamWithMembers } from '../api/types';
import type { Post, PostDetail, Settings } from '../api/types';
import type { ContainerInstance, LogMessage } from '../api/types';
import type { GameNotice, WriteupInfo } from '../api/types';
import type { PublicGame, PublicGameDetail } from '../api/types';
import type { ContainerInfo, GameChallenge, TeamChallenge, TeamGameView } from '../api/types';
import type { Scoreboard, ScoreboardRow, ScoreboardSolve, TopTimeLine } from '../api/types';

export const buildConfig = (overrides: Partial<ClientConfig> = {}): ClientConfig => ({
  title: 'Demo',
  slogan: 'Hack for fun',
  footerInfo: null,
  customTheme: null,
  logoUrl: null,
  portMapping: 'Default',
  defaultLifetime: 120,
  extensionDuration: 120,
  renewalWindow: 10,
  ...overrides,
});

export const buildProfile = (overrides: Partial<Profile> = {}): Profile => ({
  userId: '3f1b2c4d-0000-4000-8000-000000000001',
  userName: 'alice',
  email: 'alice@example.com',
  bio: '',
  phone: null,
  realName: '',
  stdNumber: '',
  avatar: null,
  role: 'User',
  ...overrides,
});

let userCounter = 0;

export const buildUser = (overrides: Partial<UserInfo> = {}): UserInfo => {
  const n = ++userCounter;
  return {
    id: `3f1b2c4d-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userName: `user${n}`,
    realName: `User ${n}`,
    stdNumber: `S${1000 + n}`,
    phone: null,
    bio: '',
    registerTimeUtc: 1_700_000_000_000 + n * 60_000,
    lastVisitedUtc: 0,
    ip: '0.0.0.0',
    email: `user${n}@example.com`,
    avatar: null,
    role: 'User',
    emailConfirmed: true,
    ...overrides,
  };
};

let gameCounter = 0;

export const buildGame = (overrides: Partial<Game> = {}): Game => {
  const n = ++gameCounter;
  return {
    id: n,
    title: `Game ${n}`,
    hidden: false,
    summary: '',
    content: '',
    acceptWithoutReview: false,
    writeupRequired: false,
    inviteCode: null,
    divisions: [],
    teamMemberCountLimit: 0,
    containerCountLimit: 3,
    poster: null,
    publicKey: 'cHVibGljIGtleQ==',
    practiceMode: true,
    start: 1_800_000_000_000,
    end: 1_800_172_800_000,
    writeupDeadline: 1_800_259_200_000,
    writeupNote: '',
    bloodBonus: 52_459_530,
    ...overrides,
  };
};

let challengeCounter = 0;

export const buildChallenge = (overrides: Partial<ChallengeDetail> = {}): ChallengeDetail => {
  const n = ++challengeCounter;
  return {
    id: n,
    title: `Challenge ${n}`,
    content: '',
    category: 'Misc',
    type: 'StaticAttachment',
    hints: [],
    flagTemplate: null,
    isEnabled: false,
    acceptedCount: 0,
    fileName: 'attachment',
    attachment: null,
    testContainer: null,
    flags: [],
    containerImage: '',
    memoryLimit: 64,
    cpuCount: 1,
    storageLimit: 256,
    containerExposePort: 80,
    enableTrafficCapture: false,
    disableBloodBonus: false,
    originalScore: 1000,
    minScoreRate: 0.25,
    difficulty: 5,
    ...overrides,
  };
};

/** The list model of a challenge (`GET …/challenges`). */
export const challengeInfo = (challenge: ChallengeDetail, score = challenge.originalScore) => ({
  id: challenge.id,
  title: challenge.title,
  category: challenge.category,
  type: challenge.type,
  isEnabled: challenge.isEnabled,
  score,
  minScore: Math.floor(challenge.originalScore * challenge.minScoreRate),
  originalScore: challenge.originalScore,
});

let memberCounter = 0;

export const buildTeamMember = (overrides: Partial<TeamMember> = {}): TeamMember => {
  const n = ++memberCounter;
  return {
    id: `7c2d9e10-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userName: `member${n}`,
    bio: null,
    avatar: null,
    captain: false,
    ...overrides,
  };
};

let teamCounter = 0;

/** A team with a captain, unless `members` says otherwise. */
export const buildTeam = (overrides: Partial<TeamInfo> = {}): TeamInfo => {
  const n = ++teamCounter;
  return {
    id: n,
    name: `Team ${n}`,
    bio: null,
    avatar: null,
    locked: false,
    members: [buildTeamMember({ captain: true })],
    ...overrides,
  };
};

let participationCounter = 0;

/**
 * A pending registration of a team of two, captain first, both registered for the game; `team`
 * overrides merge into the built team.
 */
export const buildParticipation = ({
  team,
  ...overrides
}: Partial<Omit<Participation, 'team'>> & {
  team?: Partial<TeamWithMembers>;
} = {}): Participation => {
  const n = ++participationCounter;
  const userId = (k: number) => `5a7e0c3b-0000-4000-8000-${String(2 * n + k).padStart(12, '0')}`;
  const captain = buildProfile({ userId: userId(0), userName: `captain${n}`, email: null });
  const player = buildProfile({ userId: userId(1), userName: `player${n}`, email: null });
  return {
    id: n,
    team: {
      id: 100 + n,
      name: `Team ${n}`,
      bio: null,
      avatar: null,
      locked: false,
      captainId: captain.userId,
      members: [captain, player],
      ...team,
    },
    registeredMembers: [captain.userId, player.userId],
    division: null,
    status: 'Pending',
    ...overrides,
  };
};

let postCounter = 0;
/** A post with its content (`GET /api/posts/{id}`); `postInfo` gives its list model. */
export const buildPost = (overrides: Partial<PostDetail> = {}): PostDetail => {
  const n = ++postCounter;
  return {
    id: n.toString(16).padStart(8, '0'),
    title: `Post ${n}`,
    summary: `Summary ${n}`,
    content: `Content ${n}`,
    isPinned: false,
    tags: [],
    authorAvatar: null,
    authorName: 'admin',
    time: 1_700_000_000_000 + n * 60_000,
    ...overrides,
  };
};

/** The list model of a post (`GET /api/posts`): no content. */
export const postInfo = ({ content: _content, ...post }: PostDetail): Post => post;

/** The admin settings (`GET /api/admin/config`) at their defaults, with section overrides. */
export const buildSettings = (
  overrides: { [S in keyof Settings]?: Partial<NonNullable<Settings[S]>> } = {},
) => ({
  globalConfig: {
    title: 'Demo',
    slogan: 'Hack for fun',
    description: null,
    footerInfo: null,
    customTheme: null,
    logoHash: null,
    faviconHash: null,
    ...overrides.globalConfig,
  },
  accountPolicy: {
    allowRegister: true,
    activeOnRegister: true,
    useCaptcha: false,
    emailConfirmationRequired: false,
    emailDomainList: '',
    ...overrides.accountPolicy,
  },
  containerPolicy: {
    autoDestroyOnLimitReached: false,
    maxExerciseContainerCountPerUser: 1,
    defaultLifetime: 120,
    extensionDuration: 120,
    renewalWindow: 10,
    portMapping: 'Default' as const,
    enableTrafficCapture: false,
    ...overrides.containerPolicy,
  },
});

let instanceCounter = 0;

/** A running challenge container (`GET /api/admin/instances`), started a minute ago. */
export const buildInstance = (overrides: Partial<ContainerInstance> = {}): ContainerInstance => {
  const n = ++instanceCounter;
  const now = Date.now();
  return {
    team: { id: n, name: `Team ${n}`, avatar: null },
    challenge: { id: 100 + n, title: `Challenge ${100 + n}`, category: 'Web' },
    game: { id: 1, title: 'Game 1' },
    image: `ctf/web-${n}:latest`,
    containerGuid: `7c9e6679-7425-40de-944b-${String(n).padStart(12, '0')}`,
    containerId: `c0ffee${n}`,
    startedAt: now - 60_000,
    expectStopAt: now + 2 * 3_600_000,
    ip: '10.0.0.5',
    port: 30_000 + n,
    ...overrides,
  };
};

/** A stored log entry (`GET /api/admin/logs`). */
export const buildLog = (overrides: Partial<LogMessage> = {}): LogMessage => ({
  time: 1_800_000_000_000,
  name: 'alice',
  level: 'Information',
  ip: '10.0.0.1',
  msg: 'Signed in',
  status: 'Success',
  ...overrides,
});

let noticeCounter = 0;

/** An organiser's notice (`GET /api/edit/games/{id}/notices`), a minute after the previous one. */
export const buildNotice = (overrides: Partial<GameNotice> = {}): GameNotice => {
  const n = ++noticeCounter;
  return {
    id: n,
    time: 1_800_000_000_000 + n * 60_000,
    type: 'Normal',
    values: [`Notice ${n}`],
    ...overrides,
  };
};

let writeupCounter = 0;

/** A team's writeup (`GET /api/admin/writeups/{id}`); its team has no members, as there. */
export const buildWriteup = (overrides: Partial<WriteupInfo> = {}): WriteupInfo => {
  const n = ++writeupCounter;
  return {
    id: n,
    team: { id: 100 + n, name: `Team ${n}`, bio: null, avatar: null, locked: true, members: null },
    url: `/assets/${'a'.repeat(63)}${n % 10}/Writeup-1-${100 + n}-20270115-10.00.00Z.pdf`,
    uploadTimeUtc: 1_800_100_000_000 + n * 60_000,
    ...overrides,
  };
};

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
  context: { closeTime: null, instanceEntry: null, url: null, fileSize: null },
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
type MonitorSchema<K extends keyof import('../api/types').Schemas> =
  import('../api/types').Schemas[K];

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
