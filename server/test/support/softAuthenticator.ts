// A small software WebAuthn authenticator for the server tests: one discoverable ES256 credential
// (a P-256 key pair from node:crypto), answering registration options with an attestation of
// format `none` and sign-in options with a signed assertion, as a browser's authenticator would.
// Its counter, origin, RP id and flags can be bent to test what the server refuses.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

export interface CeremonyTweaks {
  /** The page's origin the client data names (default: the authenticator's). */
  origin?: string;
  /** The RP id whose hash the authenticator data carries (default: the authenticator's). */
  rpId?: string;
  /** Whether the user was verified (default true). */
  userVerified?: boolean;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
}

interface CreationOptions {
  challenge: string;
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
}

export class SoftAuthenticator {
  readonly credentialId = b64url(randomBytes(16));
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The user handle of the account it was registered to (Base64URL). */
  userHandle: string | undefined;
  counter = 0;

  constructor(
    readonly origin = 'http://localhost',
    readonly rpId = 'localhost',
    /** An authenticator that never counts (reports 0 every time). */
    private readonly counts = true,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The COSE_Key of the public key (kty EC2, alg ES256, crv P-256, x, y). */
  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }

  private nextCounter(tweaks: CeremonyTweaks): number {
    if (tweaks.counter !== undefined) return tweaks.counter;
    if (!this.counts) return 0;
    this.counter += 1;
    return this.counter;
  }

  private authenticatorData(tweaks: CeremonyTweaks, counter: number, attested?: Uint8Array) {
    const flags =
      FLAG_UP | (tweaks.userVerified === false ? 0 : FLAG_UV) | (attested ? FLAG_AT : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(tweaks.rpId ?? this.rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  private clientData(type: string, challenge: string, tweaks: CeremonyTweaks): Buffer {
    const origin = tweaks.origin ?? this.origin;
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create` with the server's options: a `RegistrationResponseJSON`. */
  register(options: CreationOptions, tweaks: CeremonyTweaks = {}) {
    this.userHandle = options.user.id;
    const rawId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, this.cosePublicKey()]);
    const counter = tweaks.counter ?? 0;
    const authData = this.authenticatorData(tweaks, counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, tweaks)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** `navigator.credentials.get` with the server's options: an `AuthenticationResponseJSON`. */
  assert(options: RequestOptions, tweaks: CeremonyTweaks = {}) {
    const authData = this.authenticatorData(tweaks, this.nextCounter(tweaks));
    const clientData = this.clientData('webauthn.get', options.challenge, tweaks);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.privateKey, // DER-encoded ECDSA, as WebAuthn's ES256 signatures are
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
