/**
 * The second step of a sign-in (issue 26): which methods an account has (`secondStepMethodsOf`),
 * the pending sign-in after a right password (`pendingSignInOf`) and signing in once a method
 * succeeded (`finishSignIn`). A new method (passkeys) adds a source in methods.ts and a route that
 * calls `requirePendingSignIn`, `admitSecondStepAttempt` and `finishSignIn`.
 */
export {
  secondStepMethodsOf,
  secondStepRequiredFor,
  STAFF_ROLES,
  type SecondStepMethod,
  type SecondStepSource,
} from './methods.js';
export {
  admitSecondStepAttempt,
  CredentialRefused,
  finishSignIn,
  MAX_WRONG_ATTEMPTS,
  NO_PENDING_SIGN_IN,
  PENDING_TTL_MS,
  pendingSignInOf,
  requirePendingSignIn,
  SECOND_STEP_COOKIE,
  startPendingSignIn,
  type PendingSignIn,
  type SecondStepAttempt,
} from './pending.js';
