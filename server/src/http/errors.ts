/** Every error answer's body. */
export interface ErrorBody {
  title: string;
  status: number;
}

/** An error as the answer it gets: its status, its body and, if any, its `Retry-After`. */
export interface ErrorAnswer {
  httpStatus: number;
  body: ErrorBody;
  retryAfter?: number;
}

/**
 * The HTTP error routes and plugins throw; the error handler turns it into `{title, status}`.
 * Services and the domain throw domain errors (domain/errors.ts) instead.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    title: string,
    /** Body `status` when it differs from the HTTP code (e.g. 10002 "game ended"). */
    readonly bodyStatus: number = statusCode,
    /** Seconds a client should wait before trying again (sent as `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(title);
    this.name = 'ApiError';
  }
}

export const badRequest = (title: string, bodyStatus?: number) =>
  new ApiError(400, title, bodyStatus);
export const unauthorized = (title = 'Please sign in first') => new ApiError(401, title);
export const forbidden = (title = 'Access denied') => new ApiError(403, title);
export const notFound = (title = 'Not found') => new ApiError(404, title);
export const tooManyRequests = (title: string) => new ApiError(429, title);
/** A dependency is down or busy: the client may try again after `retryAfter` seconds. */
export const serviceUnavailable = (title: string, retryAfter = 5) =>
  new ApiError(503, title, 503, retryAfter);
