// Act 3: every accepted team gets its own dynamic flag and pool entry; the pending team sees nothing.
import { expect, it } from 'vitest';
import { POOL, sha256, type Story } from './story.js';

export function teamsGetTheirFlags(story: Story): void {
  it('gives every team its own dynamic flag and pool entry', async () => {
    const { admin, gameId, challenge, player, team, dynamicFlag, poolFlag, view } = story;
    const salt = await admin({ method: 'GET', url: `/api/edit/games/${gameId}/hashsalt` });
    const gameSalt = salt.json() as string;
    for (const [who, on] of [
      [player.alice, team.alpha],
      [player.bob, team.bravo],
      [player.carol, team.charlie],
    ] as const) {
      const details = await who.call({ method: 'GET', url: `/api/game/${gameId}/details` });
      expect(details.statusCode, details.body).toBe(200);
      const { teamToken, challengeCount } = details.json() as {
        teamToken: string;
        challengeCount: number;
      };
      expect(challengeCount).toBe(3);
      expect(teamToken.startsWith(`${on.id}:`)).toBe(true);

      const hashes = await view(who, challenge.hashes.id);
      expect(hashes.statusCode, hashes.body).toBe(200);
      expect(hashes.json()).toMatchObject({ type: 'DynamicContainer', score: 1000 });
      const hash = sha256(`${sha256(`${gameSalt}::${challenge.hashes.id}`)}::${teamToken}`);
      dynamicFlag.set(on.id, `flag{whole_game_${hash.slice(12, 24)}}`);

      const pool = await view(who, challenge.pool.id);
      expect(pool.statusCode, pool.body).toBe(200);
      const url = (pool.json() as { context: { url: string } }).context.url;
      const entry = POOL.find((p) => p.url === url);
      expect(entry, `pool entry for ${url}`).toBeDefined();
      poolFlag.set(on.id, entry!.flag);
      // A second view keeps the team's entry.
      expect((await view(who, challenge.pool.id)).json()).toMatchObject({ context: { url } });
    }
    expect(new Set(dynamicFlag.values()).size).toBe(3);
    expect(new Set(poolFlag.values()).size).toBe(3);
    // The pending team sees nothing.
    const pending = await view(player.dave, challenge.hashes.id);
    expect(pending.statusCode).toBe(400);
  });
}
