/**
 * Answers a stored board (any of its views) as it is: the encoding the client prefers among brotli, gzip and none,
 * a strong ETag per encoding, 304 when `If-None-Match` names it, and `Cache-Control: no-cache` so
 * browsers keep the board and revalidate it (a 304 costs a few hundred bytes instead of a board).
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SLICE_BYTES, slicedBody } from '../../http/slicedBody.js';
import {
  bodyOf,
  etagOf,
  type BoardEncoding,
  type BoardView,
} from '../../services/scoreboard/boardBytes.js';

const ENCODINGS: BoardEncoding[] = ['br', 'gzip', 'identity'];

export function boardEncoding(acceptEncoding: string | undefined): BoardEncoding {
  return (negotiate(acceptEncoding ?? '', ENCODINGS) as BoardEncoding | null) ?? 'identity';
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 §13.1.2 asks). */
export function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export function sendBoard(request: FastifyRequest, reply: FastifyReply, board: BoardView) {
  const encoding = boardEncoding(request.headers['accept-encoding']);
  const etag = etagOf(board, encoding);
  reply.header('vary', 'accept-encoding').header('cache-control', 'no-cache').header('etag', etag);
  if (namesTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  reply.type('application/json; charset=utf-8');
  const body = bodyOf(board, encoding);
  if (body.length <= SLICE_BYTES) return reply.send(body);
  return reply.header('content-length', body.length).send(slicedBody(body));
}

/** The CTFtime feed of a view, with its own tag (derived from the view's) and 304s. */
export function sendStandings(request: FastifyRequest, reply: FastifyReply, view: BoardView) {
  const etag = `${view.etag.slice(0, -1)}-ctftime"`;
  reply.header('cache-control', 'no-cache').header('etag', etag);
  if (namesTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(view.standings);
}
