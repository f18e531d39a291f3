/** The hubs' timing: SignalR's keep-alive and timeouts, and how often sessions are looked at. */
export interface HubTiming {
  keepAliveMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  /** How often signed-in connections are looked at for an expired session (sessionWatch.ts). */
  sessionCheckMs: number;
  /** How often every signed-in connection's session is read again (safety net). */
  sessionReverifyMs: number;
}

/** ASP.NET Core SignalR's defaults, which clients expect. */
export const DEFAULT_TIMING: HubTiming = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  sessionCheckMs: 1_000,
  sessionReverifyMs: 60_000,
};
