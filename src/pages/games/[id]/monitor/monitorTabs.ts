/** The monitor pages of a game, in the seed's order, and which one an address shows. */
export const MONITOR_TABS = ['events', 'submissions', 'cheatinfo', 'traffic', 'hints'] as const;

export type MonitorTab = (typeof MONITOR_TABS)[number];

/** The tab of `/games/3/monitor/<tab>`, matched case-insensitively like the routes. */
export function monitorTabOf(pathname: string): MonitorTab | undefined {
  const segment = pathname.replace(/\/+$/, '').split('/').pop()?.toLowerCase();
  return MONITOR_TABS.find((tab) => tab === segment);
}
