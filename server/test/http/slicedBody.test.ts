// Large answers go out in slices, one per turn of the event loop at most, so that writing a
// scoreboard to many readers at once does not hold the loop; the bytes and headers the client
// gets are the same as a whole write's (Content-Length, no chunked encoding, HEAD without body).
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slicedBody } from '#server/http/slicedBody.js';
import { sendBoard } from '#server/routes/game/boardReply.js';
import { encodeView } from '#server/services/scoreboard/boardBytes.js';
import { unsolvedBoard } from '../services/scoreboard/boardModels.js';

const bytes = (length: number) => Buffer.from(Array.from({ length }, (_, i) => i % 251));

describe('answers sent in slices', () => {
  it('gives every byte back, in slices no larger than asked, one per turn of the loop', async () => {
    const body = bytes(10_000);
    const turns: number[] = [];
    let turn = 0;
    // Another party's work, one step per turn: it must get turns between the slices.
    const ticker = setInterval(() => turn++, 0);
    const chunks: Buffer[] = [];
    for await (const chunk of slicedBody(body, 4_096)) {
      chunks.push(chunk as Buffer);
      turns.push(turn);
    }
    clearInterval(ticker);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    expect(chunks.map((c) => c.length)).toEqual([4_096, 4_096, 1_808]);
    // each slice came after the loop went round (setImmediate), not in one synchronous run
    expect(new Set(turns).size).toBeGreaterThan(1);
  });

  it('answers an empty body with nothing', async () => {
    const chunks = [];
    for await (const chunk of slicedBody(Buffer.alloc(0))) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });

  describe('a board too large for one write', () => {
    const board = unsolvedBoard(1_500, { item: { bio: 'x'.repeat(300) } });
    const view = encodeView(board);
    const app = Fastify();
    /** What each answer's body was handed to Node as. */
    const sent: string[] = [];
    app.addHook('onSend', async (_request, _reply, payload) => {
      sent.push(payload instanceof Readable ? 'slices' : 'whole');
      return payload;
    });
    app.get('/board', (request, reply) => sendBoard(request, reply, view));
    beforeAll(() => app.ready());
    afterAll(() => app.close());

    it('is sent whole, with its length and tag, compressed answers as before', async () => {
      expect(view.json.length).toBeGreaterThan(256 * 1024);
      const identity = await app.inject({ url: '/board', headers: { 'accept-encoding': '' } });
      expect(identity.statusCode).toBe(200);
      expect(identity.headers['content-length']).toBe(String(view.json.length));
      expect(identity.headers['transfer-encoding']).toBeUndefined();
      expect(identity.headers.etag).toBe(view.etag);
      expect(identity.rawPayload.equals(view.json)).toBe(true);
      expect(JSON.parse(identity.payload)).toEqual(board);

      const br = await app.inject({ url: '/board', headers: { 'accept-encoding': 'br' } });
      expect(br.rawPayload.equals(view.br)).toBe(true);
      // the 1.7-MB-like identity body in slices; the small compressed one whole
      expect(sent).toEqual(['slices', 'whole']);
      const head = await app.inject({ method: 'HEAD', url: '/board' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(view.json.length));
      expect(head.rawPayload.length).toBe(0);
    });

    it('goes over a real connection with its length, not chunked', async () => {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const answer = await fetch(`${address}/board`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(answer.headers.get('content-length')).toBe(String(view.json.length));
      expect(answer.headers.get('transfer-encoding')).toBeNull();
      expect(Buffer.from(await answer.arrayBuffer()).equals(view.json)).toBe(true);
    });
  });
});
