// The requests the benchmark measures; each is a realistic hot path of a live event.
import type { FastifyInstance } from 'fastify';
import type { Options } from 'autocannon';
import { createSession } from '../server/src/db/repositories/sessions.js';
import { createUser } from '../server/src/db/repositories/users.js';

interface Context {
  adminCookie: string;
}

interface Scenario {
  name: string;
  path: string;
  request?: Partial<Options>;
}

export const scenarios = {
  async setup(app: FastifyInstance): Promise<Context> {
    const admin = await createUser(app.db, {
      userName: 'benchadmin',
      email: 'bench@example.com',
      role: 'Admin',
      emailConfirmed: true,
    });
    for (let i = 0; i < 200; i++) app.log.info({ userName: 'bench' }, `bench log line ${i}`);
    const { token } = await createSession(app.db, admin.id, { ip: '127.0.0.1', now: Date.now() });
    return { adminCookie: `vexil_session=${token}; XSRF-TOKEN=bench` };
  },

  list(context: Context): Scenario[] {
    const signedIn = { headers: { cookie: context.adminCookie, 'x-xsrf-token': 'bench' } };
    return [
      { name: 'GET /api/config (anonymous, cached settings)', path: '/api/config' },
      {
        name: 'GET /api/admin/logs (session + role check + DB page)',
        path: '/api/admin/logs?count=50',
        request: signedIn,
      },
      {
        name: 'POST /api/account/login rejected by validation',
        path: '/api/account/login',
        request: {
          method: 'POST',
          body: JSON.stringify({ userName: 'x', password: 42 }),
          headers: {
            'content-type': 'application/json',
            cookie: 'XSRF-TOKEN=bench',
            'x-xsrf-token': 'bench',
          },
        },
      },
      { name: 'GET unknown /api path (JSON 404)', path: '/api/nothing/here' },
    ];
  },
};
