/**
 * Asks the user on the console, one site at a time, whether a site that called `POST /connect`
 * may open tunnels. Anything but "y"/"yes" declines. The site's name and origin come from a web
 * page, so control characters are removed before they reach the terminal.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Scope, ScopeRegistry } from './consent.js';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
const printable = (text: string) => text.replace(CONTROL_CHARACTERS, '');

export interface PromptIo {
  input: Readable;
  output: Writable;
}

/** Starts asking; returns a function that stops. */
export function promptForConsent(registry: ScopeRegistry, { input, output }: PromptIo): () => void {
  const lines = createInterface({ input, terminal: false });
  const queue: Scope[] = [];
  let asking: Scope | undefined;
  let closed = false;

  const askNext = () => {
    while (!asking && queue.length > 0) {
      const next = queue.shift()!;
      if (registry.get(next.origin)?.state === 'pending') asking = next;
    }
    if (!asking) return;
    const { origin, name } = asking;
    const named = name === origin ? '' : ` ("${printable(name)}")`;
    output.write(
      `\nThe site ${printable(origin)}${named} asks to open tunnels through this daemon.\n` +
        'Allow it? [y/N] ',
    );
  };

  lines.on('line', (line) => {
    const scope = asking;
    if (!scope) return;
    asking = undefined;
    // Accepting is logged by the daemon, like a site accepted through --allow.
    if (/^\s*y(es)?\s*$/i.test(line)) {
      registry.allow(scope.origin);
    } else {
      registry.remove(scope.origin);
      output.write(`Declined ${printable(scope.origin)}.\n`);
    }
    askNext();
  });
  lines.on('close', () => {
    if (closed) return;
    closed = true;
    output.write(
      'The console input is closed: new sites cannot be accepted here. ' +
        'Start the daemon with --allow <origin> to accept a site without asking.\n',
    );
  });

  const onPending = (scope: Scope) => {
    if (closed) return;
    queue.push(scope);
    askNext();
  };
  registry.on('pending', onPending);
  return () => {
    closed = true;
    registry.off('pending', onPending);
    lines.close();
  };
}
