// Boards made up for tests of how boards are stored and sent: `teams` teams without solves.
import type { ScoreboardItem, ScoreboardModel } from '#server/domain/scoring/types.js';

export function unsolvedBoard(
  teams: number,
  options: { version?: number; item?: Partial<ScoreboardItem> } = {},
): ScoreboardModel {
  return {
    updateTimeUtc: options.version ?? 1,
    bloodBonus: 0,
    timeLines: { all: [] },
    items: Array.from({ length: teams }, (_, i) => ({
      id: i + 1,
      name: `team ${i + 1}`,
      bio: null,
      division: null,
      avatar: null,
      score: 0,
      rank: i + 1,
      divisionRank: null,
      lastSubmissionTime: 0,
      solvedChallenges: [],
      solvedCount: 0,
      ...options.item,
    })),
    challenges: {},
    challengeCount: 0,
  };
}
