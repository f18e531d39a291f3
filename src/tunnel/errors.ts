/**
 * Failures of calls to the tunnel daemon, by the kinds of the seed's error catalogue (§8).
 * `scope_unverified` and `missing_scope` exist for compatibility; nothing raises them yet.
 */
export type TunnelErrorKind =
  | 'daemon_unavailable'
  | 'daemon_version_mismatch'
  | 'daemon_error'
  | 'scope_unverified'
  | 'missing_scope';

export class TunnelError extends Error {
  constructor(
    readonly kind: TunnelErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'TunnelError';
  }
}
