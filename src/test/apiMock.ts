/**
 * The fake API of the web tests: a real openapi-fetch client (so paths, query strings and bodies
 * are serialised as in the app) whose `fetch` answers from routes the test registers, and which
 * records every request. The web project's set-up (setup.ts) puts it in place of the app's client
 * for every test and resets it after each; a test only programs it:
 *
 *   fakeApi.on('GET', '/api/game/7', 200, buildGameDetail());   // or a handler, or .hold(...)
 *   expect(fakeApi.requests('POST', '/api/game/7/teams')).toHaveLength(1);
 *
 * An unprogrammed route answers 404 with a problem body.
 */
import createClient from 'openapi-fetch';
import type { paths } from '#wire/schema.gen.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, FormData for multipart, or undefined. */
  body: unknown;
  headers: Headers;
}

/** The methods the app's client calls (openapi-fetch's GET, POST, PUT, DELETE…). */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

const routes = new Map<string, Handler>();
const requests: RecordedRequest[] = [];

const key = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase()}`;

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('json') ? JSON.parse(text) : text;
}

async function fakeFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const recorded: RecordedRequest = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    body: await readBody(request),
    headers: request.headers,
  };
  requests.push(recorded);
  const handler = routes.get(key(request.method, url.pathname));
  const answer = handler
    ? await handler(recorded)
    : {
        status: 404,
        body: { title: `No fake route for ${request.method} ${url.pathname}`, status: 404 },
      };
  if (answer.body === undefined) {
    return new Response(null, { status: answer.status, headers: { 'Content-Length': '0' } });
  }
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json', ...answer.headers },
  });
}

export const testApi = createClient<paths>({ baseUrl: 'http://vexil.test', fetch: fakeFetch });

export const fakeApi = {
  /** Answers `method path` with a status and JSON body (or a handler computing the answer). */
  on(method: Method, path: string, answer: Answer | Handler | number, body?: unknown) {
    const handler: Handler =
      typeof answer === 'function'
        ? answer
        : typeof answer === 'number'
          ? () => ({ status: answer, body })
          : () => answer;
    routes.set(key(method, path), handler);
    return fakeApi;
  },
  /** Answers `method path` only after `release()` is called (to see loading states). */
  hold(method: Method, path: string, status: number, body?: unknown) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    routes.set(key(method, path), async () => {
      await released;
      return { status, body };
    });
    return release;
  },
  /** Requests received so far, optionally only those to `method path`. */
  requests(method?: Method, path?: string): RecordedRequest[] {
    if (!method) return [...requests];
    return requests.filter((r) => key(r.method, r.path) === key(method, path ?? r.path));
  },
  reset() {
    routes.clear();
    requests.length = 0;
  },
};

/** A RequestResponse error body, as the API sends it. */
export const problem = (status: number, title: string) => ({ title, status });
