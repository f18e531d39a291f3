/**
 * The local tunnel daemon, from the command line: `npm run tunnel -- [options]`
 * (or `npx tsx tunnel/main.ts [options]`). See `usage` below and the README.
 */
import { parseArgs } from 'node:util';
import { normaliseOrigin } from './consent.js';
import { startDaemon } from './daemon.js';
import { promptForConsent } from './prompt.js';
import { defaultScopeFile, scopeFile } from './scopeFile.js';
import { DAEMON_VERSION } from './server.js';

const usage = `Vexil tunnel daemon ${DAEMON_VERSION} (wsrx-compatible)

Lets the platform's web page map a challenge instance to a port on this computer: connections to
that port travel over WebSocket to the platform's proxy.

Usage: npm run tunnel -- [options]

  --port <n>         port of the local API (default 3307, what web pages expect)
  --host <ip>        address of the local API (default 127.0.0.1)
  --allow <origin>   accept this site without asking, e.g. --allow https://ctf.example.org
                     (repeatable)
  --scopes <file>    where accepted sites are kept (default ${defaultScopeFile()})
  --no-save          keep accepted sites only until the daemon stops
  --help             show this text
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function parse() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '3307' },
        host: { type: 'string', default: '127.0.0.1' },
        allow: { type: 'string', multiple: true, default: [] },
        scopes: { type: 'string', default: defaultScopeFile() },
        'no-save': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`);
  }
}

async function main() {
  const options = parse();
  if (options.help) return void process.stdout.write(usage);
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`Not a port: ${options.port}`);
  const allow = options.allow.map(
    (text) => normaliseOrigin(text) ?? fail(`Not an origin: ${text}`),
  );
  const log = (message: string) => process.stdout.write(`${message}\n`);

  const daemon = await startDaemon({
    host: options.host,
    port,
    allow,
    store: options['no-save'] ? undefined : scopeFile(options.scopes),
    log,
  }).catch((error: NodeJS.ErrnoException) =>
    fail(
      error.code === 'EADDRINUSE'
        ? `${options.host}:${port} is already in use (is another tunnel daemon running?). ` +
            "Pick another --port and set the same address in the site's tunnel settings."
        : `Cannot listen on ${options.host}:${port}: ${error.message}`,
    ),
  );

  log(`Tunnel daemon ${DAEMON_VERSION} listening on ${daemon.url}`);
  const accepted = daemon.registry.list().map((scope) => scope.origin);
  if (accepted.length) log(`Accepted sites: ${accepted.join(', ')}`);
  const stopPrompt = promptForConsent(daemon.registry, {
    input: process.stdin,
    output: process.stdout,
  });

  const shutdown = () => {
    stopPrompt();
    void daemon.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

void main();
