/** How container failures reach the client: `{title, status}` like every other error. */
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { ContainerEngineUnavailableError } from './provider.js';

export const ENGINE_UNAVAILABLE = 'The container engine is unavailable';
export const CONTAINER_EXISTS = 'The container of this challenge already exists';
export const CONTAINER_NOT_CREATED = "The container of this challenge hasn't been created";

/** 429 of the 10-second guard, with the seconds to wait for `Retry-After`. */
export class ContainerGuardError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'Container operation too often');
  }
}

/**
 * An engine or storage failure as the answer to the operation: 503 when no engine answers, 400
 * `failureTitle` otherwise (the contract's "Failed to … container"). API errors pass through.
 */
export function containerFailure(error: unknown, failureTitle: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ContainerEngineUnavailableError)
    return new ApiError(503, ENGINE_UNAVAILABLE);
  if (isUniqueViolation(error)) return badRequest(CONTAINER_EXISTS);
  return badRequest(failureTitle);
}
