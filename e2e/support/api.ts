// The HTTP API as a journey's other actors use it (a player, a scripted organiser): each session
// keeps its own cookies and echoes the XSRF cookie in the header the server asks of unsafe calls.
import { request, type APIRequestContext, type APIResponse } from 'playwright-core';

type Multipart = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;

export interface ApiSession {
  readonly context: APIRequestContext;
  get(path: string): Promise<APIResponse>;
  send(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: { data?: unknown; multipart?: Multipart },
  ): Promise<APIResponse>;
  /** `send`, failing with the server's answer unless it is a 2xx; then the JSON body, if any. */
  call<T = unknown>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: { data?: unknown; multipart?: Multipart },
  ): Promise<T>;
  dispose(): Promise<void>;
}

async function bodyOf<T>(response: APIResponse): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A session without an account yet; it fetches its XSRF cookie first. */
export async function openApiSession(baseURL: string): Promise<ApiSession> {
  const context = await request.newContext({ baseURL });
  await context.get('/api/config');
  const xsrf = (await context.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!xsrf) throw new Error('The server handed out no XSRF-TOKEN cookie');
  const send: ApiSession['send'] = (method, path, body = {}) =>
    context.fetch(path, { method, headers: { 'X-XSRF-TOKEN': xsrf.value }, ...body });
  return {
    context,
    get: (path) => context.get(path),
    send,
    async call(method, path, body) {
      const response = await send(method, path, body);
      if (!response.ok()) {
        throw new Error(
          `${method} ${path} answered ${response.status()}: ${await response.text()}`,
        );
      }
      return bodyOf(response);
    },
    dispose: () => context.dispose(),
  };
}

export interface Account {
  userName: string;
  password: string;
  email: string;
}

/** Registers an account (the default policy signs it in at once) and returns its session. */
export async function registerThroughApi(baseURL: string, account: Account): Promise<ApiSession> {
  const session = await openApiSession(baseURL);
  const outcome = await session.call<{ data: string }>('POST', '/api/account/register', {
    data: account,
  });
  if (outcome.data !== 'LoggedIn') throw new Error(`Registration answered ${outcome.data}`);
  return session;
}

/** Signs an existing account in and returns its session. */
export async function signInThroughApi(
  baseURL: string,
  userName: string,
  password: string,
): Promise<ApiSession> {
  const session = await openApiSession(baseURL);
  await session.call('POST', '/api/account/login', { data: { userName, password } });
  return session;
}

/** A player's team registered in a game: creates the team, then joins the game with it. */
export async function registerTeamInGame(
  player: ApiSession,
  gameId: number,
  team: { name: string; bio?: string },
): Promise<{ teamId: number }> {
  const created = await player.call<{ id: number }>('POST', '/api/team', { data: team });
  await player.call('POST', `/api/game/${gameId}`, { data: { teamId: created.id } });
  return { teamId: created.id };
}
