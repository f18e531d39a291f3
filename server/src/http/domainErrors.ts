/**
 * The HTTP answer to each kind of domain error (domain/errors.ts). The statuses are the contract's:
 * a broken rule is 400, a container that does not answer 418 (as the original platform answers).
 */
import type { DomainError, DomainErrorKind } from '../domain/errors.js';
import type { ErrorAnswer } from './errors.js';

const httpStatus: Record<DomainErrorKind, number> = {
  invalid: 400,
  refused: 400,
  notFound: 404,
  tooOften: 429,
  unavailable: 503,
  unreachable: 418,
};

export function domainErrorAnswer(error: DomainError): ErrorAnswer {
  const status = httpStatus[error.kind];
  return {
    httpStatus: status,
    body: { title: error.message, status: error.details.code ?? status },
    retryAfter: error.details.retryAfter,
  };
}
