/**
 * Test data builders (STYLE.md §11): valid API objects with defaults, and overrides.
 */
import type { ChallengeDetail, ClientConfig, Game, Profile, UserInfo } from '../api/types';

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
