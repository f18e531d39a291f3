import { describe, expect, it } from 'vitest';
import {
  buildGameChallenge,
  buildScoreboard,
  buildScoreboardRow,
  buildSolve,
} from '@/test/builders';
import {
  ALL_TEAMS,
  callerRowId,
  categoryColumns,
  challengesById,
  divisionsOf,
  rowsOf,
  shownRank,
  solvesOf,
  timelineOf,
} from './board';

describe('scoreboard columns', () => {
  it('orders categories as the spec does and leaves empty ones out', () => {
    const web = buildGameChallenge({ category: 'Web' });
    const misc = buildGameChallenge({ category: 'Misc' });
    const crypto = buildGameChallenge({ category: 'Crypto' });
    const columns = categoryColumns({ Web: [web], Pwn: [], Crypto: [crypto], Misc: [misc] });
    expect(columns.map((column) => column.category)).toEqual(['Misc', 'Crypto', 'Web']);
    expect([...challengesById(columns).keys()]).toEqual([misc.id, crypto.id, web.id]);
  });
});

describe('scoreboard rows', () => {
  const red1 = buildScoreboardRow({ division: 'Red', divisionRank: 1, rank: 2 });
  const blue1 = buildScoreboardRow({ division: 'Blue', divisionRank: 1, rank: 1 });
  const red2 = buildScoreboardRow({ division: 'Red', divisionRank: 2, rank: 3 });
  const items = [blue1, red1, red2];

  it('keeps every row for all teams, and ranks them overall', () => {
    expect(rowsOf(items, ALL_TEAMS)).toEqual(items);
    expect(shownRank(red1, ALL_TEAMS)).toBe(2);
  });

  it('keeps a division’s rows, ranked within the division', () => {
    expect(rowsOf(items, 'Red')).toEqual([red1, red2]);
    expect(shownRank(red2, 'Red')).toBe(2);
  });

  it('indexes a row’s solves by challenge', () => {
    const solve = buildSolve({ id: 7 });
    expect(solvesOf(buildScoreboardRow({ solvedChallenges: [solve] })).get(7)).toBe(solve);
  });

  it('offers the game’s divisions, or those found on the board', () => {
    const board = buildScoreboard([], items);
    expect(divisionsOf(['Red', 'Blue', 'Green'], board)).toEqual(['Red', 'Blue', 'Green']);
    expect(divisionsOf(null, board)).toEqual(['Blue', 'Red']);
    expect(divisionsOf([], buildScoreboard([], [buildScoreboardRow()]))).toEqual([]);
  });

  it('picks the top 10 of the chosen division', () => {
    const board = buildScoreboard([], items, {
      timeLines: { all: [{ id: 1, name: 'A', items: [] }], Red: [] },
    });
    expect(timelineOf(board, ALL_TEAMS)).toHaveLength(1);
    expect(timelineOf(board, 'Red')).toEqual([]);
    expect(timelineOf(board, 'Blue')).toEqual([]);
  });
});

describe('the caller’s row', () => {
  const mine = buildScoreboardRow({ name: 'Mine' });
  const alsoMine = buildScoreboardRow({ name: 'Side project' });
  const other = buildScoreboardRow();

  it('is the caller’s team registered in the game', () => {
    const teamIds = new Set([alsoMine.id, mine.id]);
    expect(callerRowId([other, alsoMine, mine], { teamIds, teamName: 'Mine' })).toBe(mine.id);
  });

  it('is any of the caller’s teams when the registration names none on the board', () => {
    const teamIds = new Set([alsoMine.id]);
    expect(callerRowId([other, alsoMine], { teamIds, teamName: null })).toBe(alsoMine.id);
  });

  it('is none for someone without a team on the board', () => {
    expect(callerRowId([other], { teamIds: new Set([1]), teamName: 'Mine' })).toBeUndefined();
  });
});
