/**
 * Which sites may drive this daemon (wsrx "scopes", tunnel contract §2.5). A site is the exact
 * Origin of its requests. It asks with `POST /connect` and waits as `pending` until the user
 * accepts it on the console, unless it is on the `--allow` list; declining forgets it. Requests
 * without an Origin come from programs on this computer, not from a web page, and are trusted.
 * Accepted sites are saved, so a reload or a restart keeps them usable.
 */
import { EventEmitter } from 'node:events';

export type ScopeState = 'pending' | 'allowed';

export interface Scope {
  origin: string;
  /** The name the site gave itself (shown when asking the user). */
  name: string;
  features: string[];
  state: ScopeState;
}

export interface ScopeStore {
  load(): Omit<Scope, 'state'>[];
  save(allowed: Omit<Scope, 'state'>[]): void;
}

/** The scope of requests without an Origin header. */
export const LOCAL_SCOPE = '';

const KNOWN_FEATURES = ['basic', 'pingfall'];

interface ScopeEvents {
  pending: [Scope];
  allowed: [Scope];
  removed: [Scope];
}

/** An `--allow` value as an origin (`https://ctf.example.org`), or undefined when it is none. */
export function normaliseOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

export class ScopeRegistry extends EventEmitter<ScopeEvents> {
  private readonly scopes = new Map<string, Scope>();
  private readonly allowList: Set<string>;
  private readonly store: ScopeStore | undefined;

  constructor(options: { allow?: readonly string[]; store?: ScopeStore } = {}) {
    super();
    this.allowList = new Set(options.allow ?? []);
    this.store = options.store;
    for (const saved of this.store?.load() ?? []) {
      this.scopes.set(saved.origin, { ...saved, state: 'allowed' });
    }
  }

  get(origin: string): Scope | undefined {
    return this.scopes.get(origin);
  }

  list(): Scope[] {
    return [...this.scopes.values()];
  }

  isAllowed(origin: string): boolean {
    return origin === LOCAL_SCOPE || this.scopes.get(origin)?.state === 'allowed';
  }

  /** A site asks to use the daemon; an existing scope is left exactly as it is. */
  request(origin: string, ask: { name?: unknown; features?: unknown }): Scope {
    const known = this.scopes.get(origin);
    if (known) return known;
    const asked: unknown[] = Array.isArray(ask.features) ? ask.features : ['basic'];
    const features = KNOWN_FEATURES.filter((feature) => asked.includes(feature));
    const name = typeof ask.name === 'string' && ask.name.trim() ? ask.name.trim() : origin;
    const scope: Scope = { origin, name: name.slice(0, 100), features, state: 'pending' };
    this.scopes.set(origin, scope);
    if (this.allowList.has(origin)) this.allow(origin);
    else this.emit('pending', scope);
    return scope;
  }

  allow(origin: string): void {
    const scope = this.scopes.get(origin);
    if (!scope || scope.state === 'allowed') return;
    scope.state = 'allowed';
    this.save();
    this.emit('allowed', scope);
  }

  /** Declines a pending site or withdraws an accepted one. */
  remove(origin: string): void {
    const scope = this.scopes.get(origin);
    if (!scope) return;
    this.scopes.delete(origin);
    if (scope.state === 'allowed') this.save();
    this.emit('removed', scope);
  }

  private save(): void {
    this.store?.save(
      this.list()
        .filter((scope) => scope.state === 'allowed')
        .map(({ origin, name, features }) => ({ origin, name, features })),
    );
  }
}
