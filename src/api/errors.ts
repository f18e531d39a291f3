/**
 * Turns openapi-fetch results into data or a thrown HttpError.
 *
 * The error shape (message, status, body) is the one react-admin expects from a data provider:
 * notifications show `message`, `authProvider.checkError` reads `status`, and server-side form
 * validation reads `body.errors`.
 */

/** A non-2xx answer. `message` is the server's localized `title` when it sent one. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** What every openapi-fetch call resolves to (success and error members are exclusive). */
export interface FetchResult<D, E> {
  data?: D;
  error?: E;
  response: Response;
}

function titleOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'title' in body) {
    const { title } = body as { title: unknown };
    if (typeof title === 'string' && title.trim() !== '') return title;
  }
  return undefined;
}

/** Message for a failed response: body.title, else the status text, else the status code. */
export function errorMessage(body: unknown, response: Response): string {
  return titleOf(body) ?? (response.statusText || `HTTP ${response.status}`);
}

/**
 * Returns `data` of a successful call, or throws an HttpError for an error answer.
 *
 * @example const config = unwrap(await api.GET('/api/config'));
 */
export function unwrap<D, E>(result: FetchResult<D, E>): D {
  const { data, error, response } = result;
  if (!response.ok || error !== undefined) {
    throw new HttpError(errorMessage(error, response), response.status, error);
  }
  return data as D;
}
