/**
 * What players send: signed-in headers for a team (session cookie plus the XSRF pair a browser
 * echoes on POST) and the choice of the next submission (any team, a challenge by Zipf
 * popularity, the right flag with the configured share). Shared by the load and the probes.
 */
import { randomHex, randomIndex, zipfSampler, type Random } from './random.js';
import type { SeededChallenge, SeededGame, SeededTeam } from './seed.js';

export const XSRF = 'bench-xsrf';

/** Anonymous browser that has visited once: it holds the XSRF cookie. */
export const anonymousHeaders = { cookie: `XSRF-TOKEN=${XSRF}` };

export function teamHeaders(team: SeededTeam): Record<string, string> {
  return {
    cookie: `vexil_session=${team.sessionToken}; XSRF-TOKEN=${XSRF}`,
    'x-xsrf-token': XSRF,
    'content-type': 'application/json',
  };
}

export const submitPath = (gameId: number, challengeId: number) =>
  `/api/game/${gameId}/challenges/${challengeId}`;

export interface Submission {
  team: SeededTeam;
  challenge: SeededChallenge;
  flag: string;
}

export function submissionChooser(
  game: SeededGame,
  random: Random,
  options: { correctShare: number; zipfExponent: number },
): () => Submission {
  const zipf = zipfSampler(game.challenges.length, options.zipfExponent);
  return () => {
    const team = game.teams[randomIndex(random, game.teams.length)];
    const challenge = game.challenges[game.popularity[zipf(random)]];
    const right = random() < options.correctShare && !game.heldBack.has(team.teamId);
    const flag = right ? challenge.flag : `flag{${randomHex(random, 16)}}`;
    return { team, challenge, flag };
  };
}
