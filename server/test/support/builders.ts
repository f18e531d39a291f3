// Test data builders: sensible, unique defaults; override what the test is about.
import type { NewUser } from '#server/db/repositories/users.js';
import type { NewLogEntry } from '#server/db/repositories/logs.js';

let sequence = 0;
const unique = () => `${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export function buildNewUser(overrides: Partial<NewUser> = {}): NewUser {
  const name = `user${unique()}`;
  return {
    userName: name,
    email: `${name}@example.com`,
    passwordHash: 'not-a-real-hash',
    emailConfirmed: true,
    registerTime: Date.now(),
    ...overrides,
  };
}

export function buildLogEntry(overrides: Partial<NewLogEntry> = {}): NewLogEntry {
  return {
    time: Date.now(),
    level: 'Information',
    logger: 'Vexil.Test',
    message: `message ${unique()}`,
    ...overrides,
  };
}
