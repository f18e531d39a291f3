/** How container failures reach the client: domain errors with the contract's titles. */
import { isUniqueViolation } from '../../db/errors.js';
import { DomainError, Refused, TooOften, Unavailable } from '../../domain/errors.js';
import { ContainerEngineUnavailableError } from './provider.js';

export const ENGINE_UNAVAILABLE = 'The container engine is unavailable';
export const CONTAINER_EXISTS = 'The container of this challenge already exists';
export const CONTAINER_NOT_CREATED = "The container of this challenge hasn't been created";

/** The 10-second guard's refusal, with the seconds to wait (sent as `Retry-After`). */
export const containerGuardRefusal = (retryAfterSeconds: number) =>
  new TooOften('Container operation too often', retryAfterSeconds);

/**
 * An engine or storage failure as the answer to the operation: unavailable (503) when no engine
 * answers, refused (400) with `failureTitle` otherwise (the contract's "Failed to … container").
 * Domain errors pass through.
 */
export function containerFailure(error: unknown, failureTitle: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof ContainerEngineUnavailableError) return new Unavailable(ENGINE_UNAVAILABLE);
  if (isUniqueViolation(error)) return new Refused(CONTAINER_EXISTS);
  return new Refused(failureTitle);
}

/** The team's other create still held its turn after the wait (containers/teamLease.ts). */
export const TEAM_BUSY = "Another of the team's containers is being created";
export const teamBusyRefusal = (retryAfterSeconds: number) =>
  new TooOften(TEAM_BUSY, retryAfterSeconds);
