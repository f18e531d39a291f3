/**
 * Plugs the tunnel into the app: one session for every page, and the connect control in each
 * container panel's tunnel slot. The control (and its settings dialog) loads on demand, the
 * first time a platform-proxy instance is shown.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { TunnelSlotProvider, type TunnelConnectProps } from '@/components/challenge/TunnelSlot';
import { TunnelProvider } from './TunnelProvider';

const TunnelConnectButton = lazy(() => import('./TunnelConnectButton'));

const renderConnect = (props: TunnelConnectProps) => (
  <Suspense fallback={null}>
    <TunnelConnectButton {...props} />
  </Suspense>
);

export function TunnelRoot({ children }: { children: ReactNode }) {
  return (
    <TunnelProvider>
      <TunnelSlotProvider render={renderConnect}>{children}</TunnelSlotProvider>
    </TunnelProvider>
  );
}
