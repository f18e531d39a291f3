/**
 * Team invite codes (behaviour §5): `{teamName}:{teamId}:{token}`, the token being 32 lower-case
 * hex characters. The name may itself contain `:`; only the id and the token matter when a code
 * is read back. Pure: no I/O.
 */
import { timingSafeEqual } from 'node:crypto';

export interface InviteCode {
  /** The team name part, only used in messages. */
  teamName: string;
  teamId: number;
  token: string;
}

const TOKEN_PATTERN = /^[0-9a-f]{32}$/;
// Greedy name: the id is the digits between the last two colons before the token.
const CODE_PATTERN = /^([\s\S]*):(\d+):([0-9a-f]{32})$/;
const MAX_TEAM_ID = 2_147_483_647;

export const isInviteToken = (token: string): boolean => TOKEN_PATTERN.test(token);

export function formatInviteCode(teamName: string, teamId: number, token: string): string {
  return `${teamName}:${teamId}:${token}`;
}

/** Reads a code; null when it is not `…:{digits}:{32 lower-case hex}` or the id is out of range. */
export function parseInviteCode(code: string): InviteCode | null {
  if (typeof code !== 'string') return null;
  const match = CODE_PATTERN.exec(code);
  if (!match) return null;
  const teamId = Number(match[2]);
  if (!Number.isSafeInteger(teamId) || teamId > MAX_TEAM_ID) return null;
  return { teamName: match[1], teamId, token: match[3] };
}

/** Constant-time comparison of a presented token with the team's current one. */
export function inviteTokenMatches(presented: string, actual: string): boolean {
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
