#!/usr/bin/env node
// The API half of scripts/image-test.sh, as a browser would do it: fetch the XSRF cookie, sign in
// as the admin (VEXIL_ADMIN_PASSWORD), then `create` a game (prints its id) or `check ID` that it
// exists. VEXIL_URL is the container's address.
const base = process.env.VEXIL_URL;
const password = process.env.VEXIL_ADMIN_PASSWORD;
const [command, id] = process.argv.slice(2);
const cookies = new Map();
// Node exits 0 when a request never settles and nothing else is pending; fail unless finished.
process.exitCode = 1;

async function call(method, path, body) {
  const xsrf = cookies.get('XSRF-TOKEN');
  const response = await fetch(base + path, {
    method,
    headers: {
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

await call('GET', '/api/config');
await call('POST', '/api/account/login', { userName: 'admin', password });
if (command === 'create') {
  const start = Date.now();
  const game = await call('POST', '/api/edit/games', {
    title: 'Image test',
    start,
    end: start + 24 * 3600 * 1000,
  });
  console.log(game.id);
} else if (command === 'check') {
  const game = await call('GET', `/api/edit/games/${id}`);
  if (game.title !== 'Image test')
    throw new Error(`Game ${id} came back as ${JSON.stringify(game)}`);
} else {
  throw new Error('Usage: image-test-api.mjs create | check ID');
}
process.exitCode = 0;
