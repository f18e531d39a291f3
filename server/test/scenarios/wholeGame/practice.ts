// Act 7: the game ends; a practice solve afterwards changes nothing.
import { expect, it } from 'vitest';
import { submitAndWait } from '../../routes/game/support.js';
import { editGame } from '../organiser.js';
import { readBoard, readNotices, readSubmissions, waitUntil } from '../support.js';
import { type Story } from './story.js';

export function practiceAfterTheEnd(story: Story): void {
  it('takes practice submissions after the end without changing the board', async () => {
    const { server, admin, monitor, gameId, challenge, player, team, poolFlag, finalBoard } = story;
    const edited = await editGame(admin, gameId, { end: Date.now() });
    await waitUntil(async () => (Date.now() > edited.end ? true : undefined), 'the end');
    // The edit rebuilt the board; wait for that before comparing.
    const rebuilt = await waitUntil(async () => {
      const board = await readBoard(monitor, gameId);
      return board.updateTimeUtc >= edited.end ? board : undefined;
    }, 'the board to be rebuilt');
    const { updateTimeUtc: _before, ...before } = finalBoard;
    const { updateTimeUtc: _rebuilt, ...same } = rebuilt;
    expect(same).toEqual(before);

    const noticesBefore = await readNotices(monitor, gameId);
    const bob = player.bob;
    const late = poolFlag.get(team.bravo.id)!;
    expect(await submitAndWait(bob.call, gameId, challenge.pool.id, late)).toBe('Accepted');
    await server.app.scoreboards.settle(gameId);
    const { updateTimeUtc: _after, ...after } = await readBoard(monitor, gameId);
    expect(after).toEqual(before);
    expect(await readNotices(monitor, gameId)).toEqual(noticesBefore);
    const edit = await admin({
      method: 'GET',
      url: `/api/edit/games/${gameId}/challenges/${challenge.pool.id}`,
    });
    expect(edit.json()).toMatchObject({ acceptedCount: 2 });
    const last = (await readSubmissions(monitor, gameId))[0];
    expect(last).toMatchObject({ status: 'Accepted', user: 'bob', answer: late });
  });
}
