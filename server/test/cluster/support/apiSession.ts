/**
 * One user of the API over real HTTP (through the balancer): the cookies the server set, and the
 * XSRF pair a browser echoes on unsafe calls (the client picks the cookie's value, as a browser
 * keeps the first one it was given). Each request may reach another instance.
 */
import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '#server/plugins/auth.js';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export interface ApiSession {
  /** Answers the status and the JSON body (undefined when empty or not JSON). */
  send<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  /** `send`, failing with the server's answer unless it is a 2xx; then the body. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** The session cookie's value (for hub clients), once signed in. */
  session(): string | undefined;
}

export function openSession(baseUrl: string): ApiSession {
  const xsrf = randomBytes(12).toString('base64url');
  const cookies = new Map<string, string>([['XSRF-TOKEN', xsrf]]);
  const send = async <T>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': xsrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (name === 'XSRF-TOKEN') continue;
      if (value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed as T };
  };
  return {
    send,
    async call<T>(method: string, path: string, body?: unknown) {
      const answer = await send<T>(method, path, body);
      if (answer.status < 200 || answer.status > 299) {
        throw new Error(
          `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
        );
      }
      return answer.body;
    },
    session: () => cookies.get(SESSION_COOKIE),
  };
}
