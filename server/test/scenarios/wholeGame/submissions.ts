// Act 4: teams solve, miss and cheat; bloods are announced in order.
import { expect, it } from 'vitest';
import { submitAndWait, submitFlag, waitForResult } from '../../routes/game/support.js';
import { readNotices } from '../support.js';
import { type Story } from './story.js';

export function teamsSubmit(story: Story): void {
  it('checks right, wrong and shared flags, announcing bloods in order', async () => {
    const { monitor, gameId, challenge, player, team, dynamicFlag, poolFlag, solve } = story;
    const { alice, amy, bob, carol, dave } = player;
    const { alpha, bravo, charlie } = team;
    const { sanity, hashes, pool } = challenge;
    expect(await submitAndWait(alice.call, gameId, sanity.id, 'flag{sanity?}')).toBe('WrongAnswer');
    await solve(alice, alpha, sanity, 'flag{sanity_check}');
    await solve(bob, bravo, hashes, dynamicFlag.get(bravo.id)!);
    // Charlie hands in Alpha's flag: the player is told WrongAnswer, monitors see cheating.
    const cheat = await submitFlag(carol.call, gameId, hashes.id, dynamicFlag.get(alpha.id)!);
    expect(await waitForResult(carol.call, gameId, hashes.id, cheat)).toBe('WrongAnswer');
    await solve(bob, bravo, sanity, ' flag{sanity_check} ');
    await solve(amy, alpha, hashes, dynamicFlag.get(alpha.id)!);
    await solve(carol, charlie, sanity, 'flag{sanity_check}');
    await solve(carol, charlie, pool, poolFlag.get(charlie.id)!);
    await solve(alice, alpha, pool, poolFlag.get(alpha.id)!);
    // Another team's pool entry is someone's own flag too: cheating as well.
    expect(await submitAndWait(bob.call, gameId, pool.id, poolFlag.get(alpha.id)!)).toBe(
      'WrongAnswer',
    );
    expect(await submitAndWait(bob.call, gameId, pool.id, 'flag{pool_entry_9}')).toBe(
      'WrongAnswer',
    );
    const pending = await dave.call({
      method: 'POST',
      url: `/api/game/${gameId}/challenges/${sanity.id}`,
      payload: { flag: 'flag{sanity_check}' },
    });
    expect(pending.statusCode).toBe(400);

    const bloods = (await readNotices(monitor, gameId))
      .filter((n) => n.type.endsWith('Blood'))
      .reverse()
      .map((n) => [n.type, ...n.values]);
    expect(bloods).toEqual([
      ['FirstBlood', 'Alpha', 'Sanity'],
      ['FirstBlood', 'Bravo', 'Hashes'],
      ['SecondBlood', 'Bravo', 'Sanity'],
      ['SecondBlood', 'Alpha', 'Hashes'],
      ['ThirdBlood', 'Charlie', 'Sanity'],
      ['FirstBlood', 'Charlie', 'Pool'],
      ['SecondBlood', 'Alpha', 'Pool'],
    ]);
  });
}
