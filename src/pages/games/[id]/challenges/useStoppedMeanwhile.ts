/**
 * Whether the instance stopped while the panel was open without the player stopping it: it was
 * seen running, and now is not (its time ran out, or an organiser stopped it). Starting it again
 * clears this.
 */
import { useState } from 'react';

export function useStoppedMeanwhile(running: boolean, stoppedByPlayer: boolean): boolean {
  const [seenRunning, setSeenRunning] = useState(running);
  const [stopped, setStopped] = useState(false);
  if (running && !seenRunning) {
    setSeenRunning(true);
    setStopped(false);
  }
  if (!running && seenRunning) {
    setSeenRunning(false);
    setStopped(!stoppedByPlayer);
  }
  return stopped;
}
