// Row texts kept between builds: a row keeps its text only while every field written into it is
// the same; any changed field (of the team, its total and ranks, or one of its solves) writes it
// again, so a board never shows a stale row.
import { describe, expect, it } from 'vitest';
import type { ScoreboardItem } from '#server/domain/scoring/types.js';
import { RowTexts, sameItem } from '#server/services/scoreboard/rowTexts.js';

const item = (overrides: Partial<ScoreboardItem> = {}): ScoreboardItem => ({
  id: 7,
  name: 'Team',
  bio: 'bio',
  division: null,
  avatar: null,
  score: 1000,
  rank: 1,
  divisionRank: null,
  lastSubmissionTime: 10,
  solvedChallenges: [{ id: 3, score: 1000, type: 'FirstBlood', userName: 'ann', time: 10 }],
  solvedCount: 1,
  ...overrides,
});

const solve = item().solvedChallenges[0];

describe('team row texts kept between builds', () => {
  it('tells a changed field of the row or of one of its solves', () => {
    expect(sameItem(item(), item())).toBe(true);
    const changed: Partial<ScoreboardItem>[] = [
      { name: 'Other' },
      { bio: null },
      { division: 'Open' },
      { avatar: '/assets/x/avatar' },
      { score: 999 },
      { rank: 2 },
      { divisionRank: 1 },
      { lastSubmissionTime: 11 },
      { solvedCount: 2 },
      { solvedChallenges: [] },
      { solvedChallenges: [{ ...solve, id: 4 }] },
      { solvedChallenges: [{ ...solve, score: 990 }] },
      { solvedChallenges: [{ ...solve, type: 'Normal' }] },
      { solvedChallenges: [{ ...solve, userName: null }] },
      { solvedChallenges: [{ ...solve, time: 11 }] },
    ];
    for (const change of changed) expect(sameItem(item(), item(change))).toBe(false);
  });

  it('writes a row again only when it changed, and always the current text', () => {
    const texts = new RowTexts();
    const first = texts.textsOf([item(), item({ id: 8, rank: 2, score: 0 })]);
    expect(texts.written).toBe(2);
    const second = texts.textsOf([item(), item({ id: 8, rank: 2, score: 5 })]);
    expect(texts.written).toBe(1);
    expect(second[0]).toBe(first[0]);
    expect(JSON.parse(second[1])).toEqual(item({ id: 8, rank: 2, score: 5 }));
    // a team gone and back is written again
    texts.textsOf([item()]);
    texts.textsOf([item(), item({ id: 8, rank: 2, score: 5 })]);
    expect(texts.written).toBe(1);
  });
});
