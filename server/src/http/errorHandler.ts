import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storageFault, type StorageFault } from '../db/faults.js';
import { DomainError } from '../domain/errors.js';
import { domainErrorAnswer } from './domainErrors.js';
import { ApiError, type ErrorAnswer } from './errors.js';

/** Framework error codes mapped to the answer a client should see. */
const frameworkErrors: Record<string, { status: number; title?: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, title: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, title: 'Invalid Content-Length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, title: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, title: 'The request body is too large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, title: 'The uploaded file is too large' },
  FST_FILES_LIMIT: { status: 413, title: 'Too many files' },
  FST_FIELDS_LIMIT: { status: 413, title: 'Too many form fields' },
  FST_PARTS_LIMIT: { status: 413, title: 'Too many form parts' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, title: 'The request is not multipart' },
  FST_ERR_BAD_URL: { status: 400, title: 'Malformed URL' },
};

/**
 * The database failing under a request (down, restarting, locked, full): 503, or 507 for a full
 * disk, with `Retry-After`, as for any dependency that is out; never the client's fault or a 500.
 */
export const storageFaultAnswers: Record<
  StorageFault,
  { status: number; title: string; retryAfter: number }
> = {
  unreachable: {
    status: 503,
    title: 'The database is unreachable; nothing was changed, try again shortly',
    retryAfter: 5,
  },
  busy: {
    status: 503,
    title: 'The database is busy; nothing was changed, try again shortly',
    retryAfter: 2,
  },
  full: {
    status: 507,
    title: 'The server has run out of storage space; nothing was saved',
    retryAfter: 60,
  },
};

export function toErrorBody(
  error: FastifyError | ApiError | DomainError | Error,
): ErrorAnswer & { storageFault?: StorageFault } {
  const fault = storageFault(error);
  if (fault) {
    const { status, title, retryAfter } = storageFaultAnswers[fault];
    return { httpStatus: status, body: { title, status }, retryAfter, storageFault: fault };
  }
  if (error instanceof DomainError) return domainErrorAnswer(error);
  if (error instanceof ApiError) {
    return {
      httpStatus: error.statusCode,
      body: { title: error.message, status: error.bodyStatus },
      retryAfter: error.retryAfter,
    };
  }
  const fe = error as FastifyError;
  if (fe.validation) {
    return { httpStatus: 400, body: { title: fe.message, status: 400 } };
  }
  const mapped = fe.code ? frameworkErrors[fe.code] : undefined;
  if (mapped) {
    return {
      httpStatus: mapped.status,
      body: { title: mapped.title ?? fe.message, status: mapped.status },
    };
  }
  if (error instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { httpStatus: 400, body: { title: 'The request body is not valid JSON', status: 400 } };
  }
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { httpStatus: status, body: { title: fe.message || 'Bad request', status } };
  }
  return { httpStatus: 500, body: { title: 'Internal server error', status: 500 } };
}

/**
 * One handler for every failure: `{title, status}`, never a stack trace. A storage fault is not
 * logged per request: the database's health logs the outage once, and its end.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { httpStatus, body, retryAfter, storageFault: fault } = toErrorBody(error);
    if (fault) {
      app.database.health.failed(error);
      app.database.health.refused();
    }
    if (retryAfter !== undefined) {
      reply.header('retry-after', String(retryAfter));
    } else if (httpStatus >= 500) {
      request.log.error({ err: error }, 'Unhandled error');
    }
    return reply.code(httpStatus).type('application/json; charset=utf-8').send(body);
  });
}
