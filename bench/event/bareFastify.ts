/**
 * Child process: a bare Fastify app of the same process shape as Vexil (its own Node process,
 * logger off), with the two routes the bench compares against: `GET /api/config` answering the
 * bytes and headers Vexil answered (sent by the parent over IPC), and a flag-submission-shaped
 * `POST /api/game/:id/challenges/:challengeId` that parses the JSON body and answers a number.
 */
import Fastify from 'fastify';

interface Answer {
  headers: Record<string, string | string[]>;
  body: Uint8Array;
}

let config: Answer = { headers: {}, body: new Uint8Array() };
let submissions = 0;

const app = Fastify({ logger: false });

app.get('/api/config', async (_request, reply) =>
  reply.headers(config.headers).send(Buffer.from(config.body)),
);

app.post<{ Params: { id: string; challengeId: string }; Body: { flag?: unknown } }>(
  '/api/game/:id/challenges/:challengeId',
  async (request, reply) => {
    if (typeof request.body?.flag !== 'string') return reply.code(400).send();
    return reply.type('application/json; charset=utf-8').send(String(++submissions));
  },
);

process.on('message', (message: { id: number; type: string; config?: Answer }) => {
  if (message.type === 'config' && message.config) {
    config = message.config;
    process.send?.({ id: message.id });
  }
});
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', () => process.exit(0));

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'listening', port: Number(new URL(address).port) });
