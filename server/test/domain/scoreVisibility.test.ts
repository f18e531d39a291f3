// Who sees a game's scores (issue 25): the setting until the end, everyone from the end, staff always.
import { describe, expect, it } from 'vitest';
import {
  ORGANISERS_ONLY,
  SIGNED_IN_ONLY,
  scoresRefusal,
  seesScores,
  toScoreVisibility,
} from '#server/domain/scoreVisibility.js';

const END = 1_800_000_000_000;
const anonymous = { signedIn: false };
const player = { signedIn: true, role: 'User' };
const monitor = { signedIn: true, role: 'Monitor' };
const admin = { signedIn: true, role: 'Admin' };

describe('score visibility', () => {
  it('shows Public scores to anyone', () => {
    const game = { scoreVisibility: 'Public' as const, endTime: END };
    for (const viewer of [anonymous, player, monitor]) {
      expect(seesScores(game, viewer, END - 1)).toBe(true);
    }
  });

  it('keeps SignedIn scores from anonymous callers until the end (the end itself included)', () => {
    const game = { scoreVisibility: 'SignedIn' as const, endTime: END };
    expect(scoresRefusal(game, anonymous, END - 1)).toBe(SIGNED_IN_ONLY);
    expect(seesScores(game, player, END - 1)).toBe(true);
    expect(seesScores(game, anonymous, END)).toBe(true);
  });

  it('keeps Organisers scores from players until the end; Monitors and Admins always see them', () => {
    const game = { scoreVisibility: 'Organisers' as const, endTime: END };
    expect(scoresRefusal(game, anonymous, END - 1)).toBe(ORGANISERS_ONLY);
    expect(scoresRefusal(game, player, END - 1)).toBe(ORGANISERS_ONLY);
    expect(seesScores(game, monitor, END - 1)).toBe(true);
    expect(seesScores(game, admin, END - 1)).toBe(true);
    expect(scoresRefusal(game, player, END)).toBeNull();
  });

  it('reads an unknown stored value as the default', () => {
    expect(toScoreVisibility('Organisers')).toBe('Organisers');
    expect(toScoreVisibility('organisers')).toBe('Public');
    expect(toScoreVisibility(null)).toBe('Public');
  });
});
