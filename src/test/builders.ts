/**
 * Test data builders (STYLE.md §11): valid API objects with defaults, and overrides.
 */
import type { ClientConfig, Profile, UserInfo } from '../api/types';

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
