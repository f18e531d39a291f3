/**
 * The seed's error catalogue (§8) for request errors: which message to show and how.
 *
 * Message: the response body's `title`, else the error's own message, else the error itself,
 * else the translated 'common.error.unknown'. Status 429 is titled 'common.error.try_later';
 * anything else 'common.error.encountered' (and is logged as a warning).
 */
import { HttpError } from '@/api/errors';

export interface ErrorNotice {
  titleKey: 'common.error.try_later' | 'common.error.encountered';
  /** The message to show, or undefined when nothing usable was found (show 'common.error.unknown'). */
  message: string | undefined;
  status: number | undefined;
}

function bodyTitle(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'title' in body) {
    const { title } = body as { title: unknown };
    if (typeof title === 'string' && title.trim() !== '') return title;
  }
  return undefined;
}

/** The message of an error per §8, or undefined when it carries none. */
export function errorMessageOf(error: unknown): string | undefined {
  if (error instanceof HttpError) {
    const title = bodyTitle(error.body);
    if (title) return title;
  }
  const own = bodyTitle(error);
  if (own) return own;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return undefined;
}

export function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown };
    if (typeof status === 'number') return status;
  }
  return undefined;
}

export function describeError(error: unknown): ErrorNotice {
  const status = statusOf(error);
  return {
    titleKey: status === 429 ? 'common.error.try_later' : 'common.error.encountered',
    message: errorMessageOf(error),
    status,
  };
}
