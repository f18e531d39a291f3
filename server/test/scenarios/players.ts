// Players as a browser would make them: an account registered and signed in through the API, a
// team created (and joined by invite code), registrations in a game.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { caller, type Caller } from '../support/app.js';
import { logIn, PASSWORD } from '../routes/account/support.js';

export interface Player {
  userName: string;
  email: string;
  call: Caller;
}

/** Registers an account (open registration, no captcha: the default policy) and signs in. */
export async function registerPlayer(app: FastifyInstance, userName: string): Promise<Player> {
  const email = `${userName}@players.example`;
  const response = await caller(app)({
    method: 'POST',
    url: '/api/account/register',
    payload: { userName, password: PASSWORD, email },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ data: 'LoggedIn' });
  return { userName, email, call: await logIn(app, userName) };
}

export interface ApiTeam {
  id: number;
  name: string;
  bio: string;
}

/** The captain creates a team; the others join it with its invite code. */
export async function createTeam(
  captain: Player,
  name: string,
  others: Player[] = [],
): Promise<ApiTeam> {
  const bio = `${name} plays fair`;
  const created = await captain.call({ method: 'POST', url: '/api/team', payload: { name, bio } });
  expect(created.statusCode, created.body).toBe(200);
  const id = (created.json() as { id: number }).id;
  if (others.length > 0) {
    const invite = await captain.call({ method: 'GET', url: `/api/team/${id}/invite` });
    const code = invite.json() as string;
    for (const other of others) {
      const accepted = await other.call({
        method: 'POST',
        url: '/api/team/accept',
        payload: JSON.stringify(code),
        headers: { 'content-type': 'application/json' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
  }
  return { id, name, bio };
}

/** The player registers in the game with the team; answers the response. */
export async function joinGame(player: Player, gameId: number, teamId: number, division: string) {
  const response = await player.call({
    method: 'POST',
    url: `/api/game/${gameId}`,
    payload: { teamId, division },
  });
  return response;
}
