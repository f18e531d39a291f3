/**
 * Test data builders: valid API objects with defaults, and overrides.
 */
import type { ChallengeDetail, ClientConfig, Game, Profile, UserInfo } from '@/api/types';
import type { TeamInfo, TeamMember } from '@/api/types';
import type { Participation, TeamWithMembers } from '@/api/types';
import type { Post, PostDetail, Settings } from '@/api/types';
import type { ContainerInstance, LogMessage } from '@/api/types';
import type { GameNotice, WriteupInfo } from '@/api/types';

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
    signIn: {
      password: true,
      authenticatorApp: false,
      passkeys: false,
      singleSignOn: [],
      apiTokens: false,
    },
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
    freezeTime: null,
    scoreVisibility: 'Public',
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
    prerequisites: [],
    prerequisiteCount: 0,
    unlockScore: 0,
    releaseTime: null,
    showWhenLocked: false,
    releaseNotice: false,
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
    maxAttempts: 0,
    attemptWait: 0,
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
  acceptedCount: challenge.acceptedCount,
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
    ssoOnly: false,
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

// Player-site builders (games, challenges page, scoreboard, monitoring) live beside this file.
export * from './playerBuilders';
