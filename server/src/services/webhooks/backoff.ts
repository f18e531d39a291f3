/** When a failed delivery is tried again: after `base`, then four times longer each time. */
export function retryDelay(failedAttempts: number, baseMs: number): number {
  return baseMs * 4 ** Math.max(0, failedAttempts - 1);
}
