// Act 6: the board is scored with the dynamic formula, bloods, divisions and time lines, checked
// against independently computed scores.
import { expect, it } from 'vitest';
import { expectedBoard } from '../expectedBoard.js';
import { readBoard, waitUntil } from '../support.js';
import { DEFAULT_BLOOD_BONUS, type Story } from './story.js';

export function boardIsScored(story: Story): void {
  it('scores the board with the dynamic formula, bloods, divisions and time lines', async () => {
    const { monitor, gameId, challenge, player, team, solves } = story;
    const expected = expectedBoard({
      bloodBonus: DEFAULT_BLOOD_BONUS,
      challenges: [challenge.sanity, challenge.hashes, challenge.pool],
      teams: [
        { ...team.alpha, division: 'Pro' },
        { ...team.bravo, division: 'Student' },
        { ...team.charlie, division: 'Pro' },
      ],
      solves,
    });
    const finalBoard = await waitUntil(async () => {
      const board = await readBoard(monitor, gameId);
      return board.items.reduce((n, i) => n + i.solvedCount, 0) === solves.length
        ? board
        : undefined;
    }, 'the board to count every solve');
    story.finalBoard = finalBoard;
    const { updateTimeUtc, ...rest } = finalBoard;
    expect(typeof updateTimeUtc).toBe('number');
    expect(rest).toEqual(expected);
    // The numbers, spelled out once: S(3) of Sanity is 341 and S(2) of the others 864, each
    // raised by 5 %, 3 % and 1 % for first, second and third blood.
    expect(
      finalBoard.items.map((i) => [i.name, i.score, i.rank, i.division, i.divisionRank]),
    ).toEqual([
      ['Alpha', 358 + 890 + 890, 1, 'Pro', 1],
      ['Bravo', 907 + 351, 2, 'Student', 1],
      ['Charlie', 344 + 907, 3, 'Pro', 2],
    ]);
    // A team's game view carries its row of the board; the pending team has none.
    const details = await player.carol.call({ method: 'GET', url: `/api/game/${gameId}/details` });
    expect(details.json()).toMatchObject({
      rank: finalBoard.items[2],
      challenges: finalBoard.challenges,
    });
    const pending = await player.dave.call({ method: 'GET', url: `/api/game/${gameId}/details` });
    expect(pending.statusCode).toBe(400);
  });
}
