// What the players' hub is told of a build while the board is frozen (issue 17).
import { describe, expect, it } from 'vitest';
import { encodeBoard, type BoardBytes } from '#server/services/scoreboard/boardBytes.js';
import { playersUpdate } from '#server/services/scoreboard/playersUpdate.js';

const empty = (updateTimeUtc: number) => ({
  updateTimeUtc,
  bloodBonus: 0,
  timeLines: { all: [] },
  items: [],
  challenges: {},
  challengeCount: 0,
});

const NOW = 1_000_000;
const game = { id: 7, startTime: 0, endTime: 2 * NOW, freezeTime: NOW - 10 };

function built(version: number, frozenVersion?: number): BoardBytes {
  return encodeBoard(
    game,
    empty(version),
    frozenVersion === undefined
      ? undefined
      : { board: { ...empty(frozenVersion), frozenAt: game.freezeTime } },
  );
}

describe('playersUpdate', () => {
  it('announces every build of a board that is not frozen', () => {
    expect(playersUpdate(built(5), undefined, NOW)).toEqual({ gameId: 7, version: 5 });
    const afterEnd = built(NOW + 5, NOW);
    expect(playersUpdate(afterEnd, afterEnd, 2 * NOW)).toEqual({ gameId: 7, version: NOW + 5 });
  });

  it('stays silent while frozen unless the frozen board changed', () => {
    const first = built(NOW, NOW);
    expect(playersUpdate(first, undefined, NOW)).toEqual({ gameId: 7, version: NOW });
    // A later build that kept the frozen view (a solve after the freeze) is not announced.
    const later = { ...built(NOW + 1), frozen: first.frozen };
    expect(playersUpdate(later, first, NOW + 1)).toBeUndefined();
    const changed = built(NOW + 2, NOW + 2);
    expect(playersUpdate(changed, later, NOW + 2)).toEqual({ gameId: 7, version: NOW + 2 });
  });
});
