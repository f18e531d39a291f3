/**
 * The WebAuthn user handle of an account: the 16 bytes of its GUID. Stable, so an authenticator
 * keeps one discoverable credential per account and site (a new registration replaces the old
 * one on the device), and free of the name or email (the handle must hold nothing personal).
 */
import { isoBase64URL } from '@simplewebauthn/server/helpers';

export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));
}

/** The handle as the browser sends it back (Base64URL). */
export function encodedUserHandleOf(userId: string): string {
  return isoBase64URL.fromBuffer(userHandleOf(userId));
}
