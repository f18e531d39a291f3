/**
 * Invite codes (`{team name}:{team id}:{token}`, token = 32 lower-case hex) and the invite links
 * that carry them to `/teams?invite=…`.
 */

/** The query parameter of an invite link. */
export const INVITE_PARAM = 'invite';

// the name may itself contain ':', so the id and token are read from the end (as the API does)
const CODE_PATTERN = /^(.*):(\d+):([0-9a-f]{32})$/s;

export interface InviteCode {
  teamName: string;
  teamId: number;
}

/** The team an invite code names, or null when the text is not an invite code. */
export function parseInviteCode(text: string): InviteCode | null {
  const match = CODE_PATTERN.exec(text.trim());
  if (!match) return null;
  return { teamName: match[1], teamId: Number(match[2]) };
}

/** The link that opens the join dialog with this code, on this site. */
export function inviteLink(code: string, origin = window.location.origin): string {
  return `${origin}/teams?${INVITE_PARAM}=${encodeURIComponent(code)}`;
}
