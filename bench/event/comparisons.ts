/**
 * The side-by-side measurements of the event bench: Vexil and a bare server on the same machine in
 * the same run, answering the same bytes — `/api/config` against a bare Fastify app, the board GET
 * (with and without compression, and revalidated with If-None-Match when Vexil gives an ETag)
 * against a bare node:http server, and the flag submission POST against a bare Fastify route.
 */
import type { Variant } from './bareHttp.js';
import { rawRequest, startBareFastify, startBareHttp, type BareServer } from './bareServers.js';
import { measure, submissions, type Throughput } from './load.js';
import type { SeededGame } from './seed.js';
import { anonymousHeaders, submitPath, teamHeaders } from './traffic.js';
import type { ProbeSample, VexilServer } from './vexilProcess.js';

export interface Compared {
  vexil: Throughput;
  bare: Throughput;
  /** Vexil's event-loop delay and memory while it was measured. */
  server: ProbeSample;
}

/** Runs `work` as one measured phase of the Vexil process. */
export async function phase<T>(
  vexil: VexilServer,
  work: () => Promise<T>,
): Promise<{ value: T; server: ProbeSample }> {
  await vexil.reset();
  const value = await work();
  return { value, server: await vexil.sample() };
}

export interface Timing {
  seconds: number;
  connections: number;
}

export async function compareConfig(vexil: VexilServer, timing: Timing): Promise<Compared> {
  const headers = anonymousHeaders;
  const { value, server } = await phase(vexil, () =>
    measure(`${vexil.url}/api/config`, { ...timing, headers }),
  );
  const bare = await startBareFastify(await rawRequest(`${vexil.url}/api/config`, { headers }));
  try {
    return {
      vexil: value,
      bare: await measure(`${bare.url}/api/config`, { ...timing, headers }),
      server,
    };
  } finally {
    await bare.stop();
  }
}

/** The two ways a board is asked for: as browsers do, and without compression. */
export const BOARD_ENCODINGS = { compressed: 'br, gzip', identity: '' } as const;
export type BoardEncoding = keyof typeof BOARD_ENCODINGS;

export interface BoardCapture {
  variants: Variant[];
  /** Body bytes per encoding, and what Vexil chose for `br, gzip`. */
  bytes: Record<BoardEncoding, number>;
  contentEncoding: string;
  /** The ETag of the board as browsers ask for it (br, gzip); null when Vexil gives none. */
  etag: string | null;
  /** Status Vexil answered when revalidated with that ETag (304 expected), else null. */
  revalidatedStatus: number | null;
}

const boardHeaders = (encoding: BoardEncoding, etag?: string | null): Record<string, string> => ({
  ...anonymousHeaders,
  ...(BOARD_ENCODINGS[encoding] ? { 'accept-encoding': BOARD_ENCODINGS[encoding] } : {}),
  ...(etag ? { 'if-none-match': etag } : {}),
});

/** Fetches the board once per encoding (and its 304 when there is an ETag) from Vexil. */
export async function captureBoard(url: string, gameId: number): Promise<BoardCapture> {
  const path = `${url}/api/game/${gameId}/scoreboard`;
  const variants: Variant[] = [];
  const bytes = { compressed: 0, identity: 0 };
  let contentEncoding = 'identity';
  let etag: string | null = null;
  let revalidatedStatus: number | null = null;
  for (const encoding of Object.keys(BOARD_ENCODINGS) as BoardEncoding[]) {
    const acceptEncoding = BOARD_ENCODINGS[encoding];
    const answer = await rawRequest(path, { headers: boardHeaders(encoding) });
    variants.push({ acceptEncoding, ifNoneMatch: '', ...answer });
    bytes[encoding] = answer.body.length;
    const tag = answer.headers.etag;
    // Each encoding may have its own tag: revalidate each with its own.
    const revalidated =
      typeof tag === 'string'
        ? await rawRequest(path, { headers: boardHeaders(encoding, tag) })
        : null;
    if (revalidated) variants.push({ acceptEncoding, ifNoneMatch: String(tag), ...revalidated });
    if (encoding === 'compressed') {
      contentEncoding = String(answer.headers['content-encoding'] ?? 'identity');
      etag = typeof tag === 'string' ? tag : null;
      revalidatedStatus = revalidated?.status ?? null;
    }
  }
  return { variants, bytes, contentEncoding, etag, revalidatedStatus };
}

export interface BoardComparison {
  capture: BoardCapture;
  alone: Record<BoardEncoding, Compared>;
  /** Revalidation answered 304 (null when Vexil gives no ETag). */
  notModified: Compared | null;
  bare: BareServer;
}

/** Board GET alone, Vexil vs the bare server, per encoding; leaves the bare server running. */
export async function compareBoard(
  vexil: VexilServer,
  gameId: number,
  timing: Timing,
): Promise<BoardComparison> {
  const path = `/api/game/${gameId}/scoreboard`;
  const capture = await captureBoard(vexil.url, gameId);
  const bare = await startBareHttp(capture.variants);
  const run = async (headers: Record<string, string>, expected: '2xx' | '3xx') => {
    const { value, server } = await phase(vexil, () =>
      measure(`${vexil.url}${path}`, { ...timing, headers, expected }),
    );
    return {
      vexil: value,
      bare: await measure(`${bare.url}${path}`, { ...timing, headers, expected }),
      server,
    };
  };
  const alone = {
    identity: await run(boardHeaders('identity'), '2xx'),
    compressed: await run(boardHeaders('compressed'), '2xx'),
  };
  const notModified = capture.etag
    ? await run(boardHeaders('compressed', capture.etag), '3xx')
    : null;
  return { capture, alone, notModified, bare };
}

/** The board GET of one encoding against Vexil only (the caller runs the background load). */
export function measureBoard(url: string, gameId: number, encoding: BoardEncoding, timing: Timing) {
  return measure(`${url}/api/game/${gameId}/scoreboard`, {
    ...timing,
    headers: boardHeaders(encoding),
  });
}

/** Flag submission POST into `game` at `timing.connections` vs a bare Fastify POST route. */
export async function comparePost(
  vexil: VexilServer,
  game: SeededGame,
  timing: Timing,
  load: { correctShare: number; zipfExponent: number; randomSeed: number },
  answeredIds: number[],
): Promise<Compared> {
  const { value, server } = await phase(
    vexil,
    () => submissions(vexil.url, game, { ...timing, ...load }, answeredIds).done,
  );
  const bare = await startBareFastify(await rawRequest(`${vexil.url}/api/config`));
  try {
    const team = game.teams[0];
    const challenge = game.challenges[0];
    const bareRun = await measure(`${bare.url}${submitPath(game.id, challenge.id)}`, {
      ...timing,
      method: 'POST',
      headers: teamHeaders(team),
      body: JSON.stringify({ flag: 'flag{bench_wrong_answer_000}' }),
    });
    return { vexil: value, bare: bareRun, server };
  } finally {
    await bare.stop();
  }
}
