/**
 * The tunnel as components see it: the daemon's state, the known tunnels, the player's options
 * and the actions. Provided once for the whole app by `TunnelProvider`.
 */
import { createContext, useContext } from 'react';
import type { TunnelOptions } from './options';
import type { TunnelSnapshot } from './session';

export interface TunnelContextValue extends TunnelSnapshot {
  options: TunnelOptions;
  /** The name this site gives itself to the daemon (the option, or the platform's title). */
  siteName: string;
  /** The name used when the option is empty. */
  defaultSiteName: string;
  /** Starts talking to the daemon (the first call only); quiet when no daemon answers. */
  activate: () => void;
  /** Connects again (the retry button). */
  connect: () => void;
  /** Makes sure a proxy URL has a local port, per the LAN option. */
  ensureMapped: (remote: string, label?: string) => void;
  retryMapping: (remote: string, label?: string) => void;
  saveOptions: (options: TunnelOptions) => void;
}

export const TunnelContext = createContext<TunnelContextValue | null>(null);

export function useTunnel(): TunnelContextValue {
  const value = useContext(TunnelContext);
  if (!value) throw new Error('useTunnel must be used inside <TunnelProvider>');
  return value;
}
