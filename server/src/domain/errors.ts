/**
 * What the domain and the services throw when a request cannot be done, named for what went wrong
 * rather than for HTTP: http/domainErrors.ts answers each kind with its status and
 * `{title, status}`. The message is the title the client sees, word for word.
 */
export type DomainErrorKind =
  'invalid' | 'refused' | 'notFound' | 'tooOften' | 'unavailable' | 'unreachable';

export interface DomainErrorDetails {
  /** A number the client tells this refusal apart by (e.g. 10002, the game has ended). */
  code?: number;
  /** Seconds after which trying again may succeed. */
  retryAfter?: number;
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(
    title: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(title);
    this.name = new.target.name;
  }
}

/** What the request carries is not acceptable (an unknown invitation code, a file that is no image). */
export class InvalidInput extends DomainError {
  readonly kind = 'invalid';
}

/** The request is well formed but cannot be done as things stand (a closed game, a full team). */
export class Refused extends DomainError {
  readonly kind = 'refused';
}

/** What the request names does not exist (or is not the caller's to see). */
export class NotFound extends DomainError {
  readonly kind = 'notFound';
}

/** The same thing was tried too often; `retryAfter` says when it may be tried again. */
export class TooOften extends DomainError {
  readonly kind = 'tooOften';

  constructor(title: string, retryAfter: number) {
    super(title, { retryAfter });
  }
}

/** Something the request needs (the container engine, mail) is down or busy. */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable';
}

/** The target the request asked to reach (a challenge container) does not answer. */
export class Unreachable extends DomainError {
  readonly kind = 'unreachable';
}
