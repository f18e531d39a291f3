// Helpers of the two-step sign-in tests: codes computed with otplib as an authenticator app would,
// the pending sign-in's cookie, and an account enrolled through the API.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { User } from '#server/db/repositories/users.js';
import { SECOND_STEP_COOKIE } from '#server/services/secondStep/index.js';
import { caller, type Caller } from '../../support/app.js';
import { logIn, PASSWORD } from './support.js';

export const PERIOD_MS = 30_000;

/** The current 30-second step. */
export const currentStep = (now = Date.now()) => Math.floor(now / PERIOD_MS);

/** The code an authenticator app shows for `step`. */
export const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 + 1 });

/**
 * Waits (for the clock, not a fixed time) until the current step has at least 8 seconds left, so
 * that a code computed now is still of the current step when the server checks it.
 */
export async function freshStep(): Promise<number> {
  for (;;) {
    const now = Date.now();
    if (PERIOD_MS - (now % PERIOD_MS) >= 8000) return currentStep(now);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let addressCount = 0;
/** A client address no other test uses (sign-in limits count per account and address). */
export const freshAddress = () =>
  `10.26.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

export function pendingCookie(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === SECOND_STEP_COOKIE);
}

export interface Browser {
  /** The `vexil_second_step` token it holds (from the last password sign-in). */
  pending?: string;
  address: string;
}

/** POST /api/account/login from a browser at `address`; keeps its pending cookie. */
export async function passwordStep(
  app: FastifyInstance,
  browser: Browser,
  userName: string,
  password = PASSWORD,
): Promise<LightMyRequestResponse> {
  const response = await caller(app)({
    method: 'POST',
    url: '/api/account/login',
    payload: { userName, password },
    remoteAddress: browser.address,
  });
  const cookie = pendingCookie(response);
  if (cookie) browser.pending = cookie.value;
  return response;
}

/** POST /api/account/login/second-step from the browser, with its pending cookie (if any). */
export const secondStep = (
  app: FastifyInstance,
  browser: Browser,
  payload: { code?: string; recoveryCode?: string },
  url = '/api/account/login/second-step',
) =>
  caller(app)({
    method: 'POST',
    url,
    payload,
    remoteAddress: browser.address,
    cookies: browser.pending ? { [SECOND_STEP_COOKIE]: browser.pending } : {},
  });

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
  /** The caller signed in (renewed by the confirmation). */
  call: Caller;
}

/**
 * Enrols the user's authenticator app through the profile. The confirmation uses the code of the
 * step before `beforeStep` (drift is accepted), so codes of `beforeStep` and later stay unused.
 */
export async function enrol(
  app: FastifyInstance,
  user: User,
  beforeStep: number,
): Promise<Enrolled> {
  const call = await logIn(app, user.userName);
  const started = await call({ method: 'POST', url: '/api/account/two-step/totp' });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string; uri: string };
  const confirmed = await call({
    method: 'POST',
    url: '/api/account/two-step/totp/confirm',
    payload: { code: await codeAt(secret, beforeStep - 1) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const session = confirmed.cookies.find((c) => c.name === 'vexil_session')?.value;
  return {
    secret,
    recoveryCodes: (confirmed.json() as { codes: string[] }).codes,
    call: caller(app, session),
  };
}
