/** How container failures reach the client: domain errors with the contract's titles. */
import { isUniqueViolation } from '../../db/errors.js';
import { DomainError, Refused, TooOften, Unavailable } from '../../domain/errors.js';
import { ContainerEngineUnavailableError } from './provider.js';

export const ENGINE_UNAVAILABLE = 'The container engine is unavailable';
export const CONTAINER_EXISTS = 'The container of this challenge already exists';
export const CONTAINER_NOT_CREATED = "The container of this challenge hasn't been created";
export const CREATE_FAILED = 'Failed to create container for challenge';
export const DELETE_FAILED = 'Failed to delete container for challenge';
/** Seconds an answer of an unavailable engine tells the client to wait. */
export const ENGINE_RETRY_AFTER_SECONDS = 10;

/** The 10-second guard's refusal, with the seconds to wait (sent as `Retry-After`). */
export const containerGuardRefusal = (retryAfterSeconds: number) =>
  new TooOften('Container operation too often', retryAfterSeconds);

/** The engine does not answer (503 with `Retry-After`). */
export const engineUnavailable = () =>
  new Unavailable(ENGINE_UNAVAILABLE, { retryAfter: ENGINE_RETRY_AFTER_SECONDS });

/**
 * An engine or storage failure as the answer to the operation: unavailable (503) when no engine
 * answers, refused (400) with `failureTitle` otherwise (the contract's "Failed to … container").
 * Domain errors pass through.
 */
export function containerFailure(error: unknown, failureTitle: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof ContainerEngineUnavailableError) return engineUnavailable();
  if (isUniqueViolation(error)) return new Refused(CONTAINER_EXISTS);
  return new Refused(failureTitle);
}

/** The team's other create still held its turn after the wait (containers/teamLease.ts). */
export const TEAM_BUSY = "Another of the team's containers is being created";
export const teamBusyRefusal = (retryAfterSeconds: number) =>
  new TooOften(TEAM_BUSY, retryAfterSeconds);
