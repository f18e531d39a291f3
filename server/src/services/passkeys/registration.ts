/**
 * Adding a passkey to an account: the options for `navigator.credentials.create` (a discoverable
 * credential with user verification, so it signs in alone), then the check of what the
 * authenticator made and its row.
 */
import type { Kysely } from 'kysely';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  countPasskeys,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  type Passkey,
} from '../../db/repositories/passkeys.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { InvalidInput } from '../../domain/errors.js';
import type { PasskeyChallenge } from '../../db/repositories/passkeyChallenges.js';
import { CHALLENGE_TTL_MS } from './challenges.js';
import type { RelyingParty } from './relyingParty.js';
import { userHandleOf } from './userHandle.js';

/** Enough for every device a person has, few enough to list. */
export const MAX_PASSKEYS = 20;

export const NO_REGISTRATION_CHALLENGE =
  'The passkey registration has expired or was already used: please start again';
export const REGISTRATION_FAILED = 'The passkey could not be verified: please try again';
export const ALREADY_REGISTERED = 'This passkey is already registered';
export const TOO_MANY_PASSKEYS = `An account may have at most ${MAX_PASSKEYS} passkeys`;

/** ES256 first (every platform authenticator), then RS256 (Windows Hello). */
const ALGORITHMS = [-7, -257];

export async function passkeyCreationOptions(
  db: Kysely<DB>,
  user: { id: string; userName: string },
  rp: RelyingParty,
  challenge: Uint8Array<ArrayBuffer>,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, user.id);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.userName,
    userDisplayName: user.userName,
    userID: userHandleOf(user.id),
    challenge,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
}

export interface PasskeyRegistration {
  userId: string;
  name: string;
  credential: RegistrationResponseJSON;
  /** The challenge taken for this ceremony (null: none, expired or used). */
  challenge: PasskeyChallenge | null;
  rp: RelyingParty;
  now?: number;
}

/** Verifies the new credential and keeps it; InvalidInput when it does not pass. */
export async function registerPasskey(
  db: Kysely<DB>,
  registration: PasskeyRegistration,
): Promise<Passkey> {
  const { challenge, rp, userId } = registration;
  if (!challenge || challenge.userId !== userId) throw new InvalidInput(NO_REGISTRATION_CHALLENGE);
  const verified = await verifyRegistrationResponse({
    response: registration.credential,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null);
  if (!verified?.verified) throw new InvalidInput(REGISTRATION_FAILED);
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;

  const name = registration.name.trim();
  if (!name) throw new InvalidInput('A passkey needs a name');
  try {
    return await withTransaction(db, async (trx) => {
      if (await findPasskeyByCredentialId(trx, credential.id))
        throw new InvalidInput(ALREADY_REGISTERED);
      if ((await countPasskeys(trx, userId)) >= MAX_PASSKEYS)
        throw new InvalidInput(TOO_MANY_PASSKEYS);
      return insertPasskey(trx, {
        userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? registration.credential.response.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name,
        createdAt: registration.now ?? Date.now(),
      });
    });
  } catch (error) {
    // The same credential registered at the same moment by another request.
    if (isUniqueViolation(error)) throw new InvalidInput(ALREADY_REGISTERED);
    throw error;
  }
}
