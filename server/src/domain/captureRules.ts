/**
 * Traffic-capture naming and metadata (behaviour §7.4, tunnel contract §1.7–1.8): one pcap per
 * proxied connection named `<first 8 hex of the GUID>-<connection id>.pcap`, archives named
 * `Capture-<cid>-<pid>-<yyyyMMdd-HH.mm.ss>Z`, and the JSON carried by every file's first packet.
 * Pure: no I/O.
 */
import { compactUtcStamp } from './writeupRules.js';

export const captureFileName = (containerGuid: string, connectionId: string): string =>
  `${containerGuid.replace(/-/g, '').slice(0, 8)}-${connectionId}.pcap`;

/** The download-all archive's base name (without `.tar.gz`); also its folder inside the tar. */
export const captureArchiveBase = (challengeId: number, participationId: number, now: number) =>
  `Capture-${challengeId}-${participationId}-${compactUtcStamp(now)}Z`;

/** A name that stays inside its folder: no separators, no `.`/`..`, no control characters. */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name !== '.' &&
    name !== '..' &&
    !/[/\\]/.test(name) &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f]/.test(name)
  );
}

export interface CaptureMetadata {
  challenge: string;
  challengeId: number;
  team: string;
  teamId: number;
  /** The engine's container id, not the GUID. */
  containerId: string;
  /** The team's flag, null for static challenges. */
  flag: string | null;
}

/** The first packet's payload: indented JSON with PascalCase keys, non-ASCII left as is. */
export function captureMetadataJson(meta: CaptureMetadata): Buffer {
  const body = {
    Challenge: meta.challenge,
    ChallengeId: meta.challengeId,
    Team: meta.team,
    TeamId: meta.teamId,
    ContainerId: meta.containerId,
    Flag: meta.flag,
  };
  return Buffer.from(JSON.stringify(body, null, 2), 'utf8');
}
