/**
 * Where the local tunnel plugs into a container's panel. With the platform proxy a container's
 * entry is a GUID reached over `ws(s)://<host>/api/proxy/<guid>`; a tunnel provider (src/tunnel)
 * supplies the control that maps it to a local port. Without a provider the slot renders nothing.
 *
 * @example
 * <TunnelSlotProvider render={(props) => <TunnelConnectButton {...props} />}>…</TunnelSlotProvider>
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface TunnelConnectProps {
  /** The container GUID, as the instance's entry. */
  entry: string;
  /** The WebSocket URL of the platform proxy for this entry. */
  proxyUrl: string;
  /** Names the tunnel in the daemon, e.g. "<challenge> @ <game>". */
  label?: string;
}

type RenderTunnel = (props: TunnelConnectProps) => ReactNode;

const TunnelSlotContext = createContext<RenderTunnel | null>(null);

export function TunnelSlotProvider({
  render,
  children,
}: {
  render: RenderTunnel;
  children: ReactNode;
}) {
  return <TunnelSlotContext.Provider value={render}>{children}</TunnelSlotContext.Provider>;
}

/** The platform proxy's URL for a container entry, on this site. */
export function proxyUrlOf(
  entry: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/proxy/${encodeURIComponent(entry)}`;
}

/** True when the tunnel has a provider (the panel then says "connect through the tunnel"). */
export const useHasTunnel = () => useContext(TunnelSlotContext) !== null;

export function TunnelSlot({ entry, label }: { entry: string; label?: string }) {
  const render = useContext(TunnelSlotContext);
  return render ? render({ entry, proxyUrl: proxyUrlOf(entry), label }) : null;
}
