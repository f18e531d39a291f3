// What an organiser prepares before players arrive, made through the admin API as a script would:
// a running game open to teams without review, a static challenge with an uploaded handout and a
// flag, a notice, a post. Journeys seed with these and spend their browser time on the player.
import type { ApiSession } from './api.js';

const MINUTE = 60_000;

export interface SeededChallenge {
  id: number;
  title: string;
  flag: string;
  handoutName: string;
  handout: Buffer;
}

export interface SeededGame {
  id: number;
  title: string;
  challenge: SeededChallenge;
}

export interface GameSeed {
  title?: string;
  challengeTitle?: string;
  flag?: string;
  /** Teams play at once (true) or wait for an organiser's review (false). */
  acceptWithoutReview?: boolean;
  /** Hidden from players until published (default: listed). */
  hidden?: boolean;
}

/** Uploads a file with `POST /api/assets` and answers its SHA-256. */
async function upload(admin: ApiSession, name: string, buffer: Buffer): Promise<string> {
  const [file] = await admin.call<{ hash: string }[]>('POST', '/api/assets', {
    multipart: { files: { name, mimeType: 'text/plain', buffer } },
  });
  return file.hash;
}

/**
 * A game that started an hour ago and ends in two days, with one enabled `StaticAttachment`
 * Web challenge carrying a description, a local attachment and one flag.
 */
export async function seedRunningGame(admin: ApiSession, seed: GameSeed = {}): Promise<SeededGame> {
  const start = Date.now() - 60 * MINUTE;
  const title = seed.title ?? 'Spring Open';
  const game = await admin.call<{ id: number }>('POST', '/api/edit/games', {
    data: {
      title,
      summary: 'A weekend of web puzzles for newcomers.',
      content: 'Solve the puzzles, **submit the flags**, climb the board.',
      start,
      end: start + 48 * 60 * MINUTE,
      acceptWithoutReview: seed.acceptWithoutReview ?? true,
      hidden: seed.hidden ?? false,
    },
  });

  const challengeTitle = seed.challengeTitle ?? 'Cookie Jar';
  const flag = seed.flag ?? 'flag{jar_of_cookies}';
  const handoutName = 'request.txt';
  const handout = Buffer.from('GET /jar HTTP/1.1\r\nCookie: session=guess-me\r\n');
  const base = `/api/edit/games/${game.id}/challenges`;
  const challenge = await admin.call<{ id: number }>('POST', base, {
    data: { title: challengeTitle, category: 'Web' },
  });
  const hash = await upload(admin, handoutName, handout);
  await admin.call('POST', `${base}/${challenge.id}/attachment`, {
    data: { attachmentType: 'Local', fileHash: hash },
  });
  await admin.call('POST', `${base}/${challenge.id}/flags`, { data: [{ flag }] });
  await admin.call('PUT', `${base}/${challenge.id}`, {
    data: {
      content: 'The cookies are in the jar. Read the request in the handout, then find the flag.',
      isEnabled: true,
    },
  });
  return {
    id: game.id,
    title,
    challenge: { id: challenge.id, title: challengeTitle, flag, handoutName, handout },
  };
}

/** Publishes an organiser's notice (Markdown) in a game. */
export async function publishNotice(admin: ApiSession, gameId: number, content: string) {
  await admin.call('POST', `/api/edit/games/${gameId}/notices`, { data: { content } });
}

/** Publishes a post and answers its id. */
export async function publishPost(
  admin: ApiSession,
  post: { title: string; summary: string; content: string; tags?: string[] },
): Promise<string> {
  return admin.call<string>('POST', '/api/edit/posts', { data: { isPinned: true, ...post } });
}

/**
 * Submits a flag through the API as a player of an accepted team and waits for the check;
 * answers the final status (`Accepted`, `WrongAnswer`…).
 */
export async function submitFlag(
  player: ApiSession,
  gameId: number,
  challengeId: number,
  flag: string,
): Promise<string> {
  const path = `/api/game/${gameId}/challenges/${challengeId}`;
  const id = await player.call<number>('POST', path, { data: { flag } });
  for (let attempt = 0; attempt < 50; attempt++) {
    const status = await (await player.get(`${path}/status/${id}`)).json();
    if (status !== 'FlagSubmitted') return status as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Submission ${id} was still being checked after 5 s`);
}
