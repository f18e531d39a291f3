// Act 5: monitors see every submission, the cheating and the events.
import { expect, it } from 'vitest';
import { type PlannedChallenge } from '../expectedBoard.js';
import { readSubmissions, type GameEvent } from '../support.js';
import { type Story } from './story.js';

export function monitorsWatch(story: Story): void {
  it('shows monitors every submission, the cheating and the events', async () => {
    const { monitor, gameId, challenge, team, dynamicFlag, poolFlag } = story;
    const { alpha, bravo, charlie } = team;
    const submissions = await readSubmissions(monitor, gameId);
    expect(submissions.map((s) => [s.status, s.team, s.user, s.challenge]).reverse()).toEqual([
      ['WrongAnswer', 'Alpha', 'alice', 'Sanity'],
      ['Accepted', 'Alpha', 'alice', 'Sanity'],
      ['Accepted', 'Bravo', 'bob', 'Hashes'],
      ['CheatDetected', 'Charlie', 'carol', 'Hashes'],
      ['Accepted', 'Bravo', 'bob', 'Sanity'],
      ['Accepted', 'Alpha', 'amy', 'Hashes'],
      ['Accepted', 'Charlie', 'carol', 'Sanity'],
      ['Accepted', 'Charlie', 'carol', 'Pool'],
      ['Accepted', 'Alpha', 'alice', 'Pool'],
      ['CheatDetected', 'Bravo', 'bob', 'Pool'],
      ['WrongAnswer', 'Bravo', 'bob', 'Pool'],
    ]);
    // The stored answer is trimmed.
    expect(submissions.filter((s) => s.user === 'bob' && s.challenge === 'Sanity')).toMatchObject([
      { answer: 'flag{sanity_check}' },
    ]);

    const cheats = await monitor({ method: 'GET', url: `/api/game/${gameId}/cheatinfo` });
    const found = (
      cheats.json() as {
        ownedTeam: { team: { name: string }; division: string };
        submitTeam: { team: { name: string }; status: string };
        submission: { answer: string; status: string; challenge: string };
      }[]
    )
      .map((c) => [
        c.ownedTeam.team.name,
        c.submitTeam.team.name,
        c.submission.challenge,
        c.submission.answer,
        c.submission.status,
      ])
      .sort();
    expect(found).toEqual([
      ['Alpha', 'Bravo', 'Pool', poolFlag.get(alpha.id), 'CheatDetected'],
      ['Alpha', 'Charlie', 'Hashes', dynamicFlag.get(alpha.id), 'CheatDetected'],
    ]);

    const events = await monitor({ method: 'GET', url: `/api/game/${gameId}/events` });
    const ids = (c: PlannedChallenge) => [c.title, String(c.id)];
    const { sanity, hashes, pool } = challenge;
    expect(
      (events.json() as GameEvent[]).reverse().map((e) => [e.type, e.team, e.user, ...e.values]),
    ).toEqual([
      ['FlagSubmit', 'Alpha', 'alice', 'WrongAnswer', 'flag{sanity?}', ...ids(sanity)],
      ['FlagSubmit', 'Alpha', 'alice', 'Accepted', 'flag{sanity_check}', ...ids(sanity)],
      ['FlagSubmit', 'Bravo', 'bob', 'Accepted', dynamicFlag.get(bravo.id), ...ids(hashes)],
      ['FlagSubmit', 'Charlie', 'carol', 'WrongAnswer', dynamicFlag.get(alpha.id), ...ids(hashes)],
      ['CheatDetected', 'Charlie', 'carol', 'Hashes', 'Charlie', 'Alpha'],
      ['FlagSubmit', 'Bravo', 'bob', 'Accepted', 'flag{sanity_check}', ...ids(sanity)],
      ['FlagSubmit', 'Alpha', 'amy', 'Accepted', dynamicFlag.get(alpha.id), ...ids(hashes)],
      ['FlagSubmit', 'Charlie', 'carol', 'Accepted', 'flag{sanity_check}', ...ids(sanity)],
      ['FlagSubmit', 'Charlie', 'carol', 'Accepted', poolFlag.get(charlie.id), ...ids(pool)],
      ['FlagSubmit', 'Alpha', 'alice', 'Accepted', poolFlag.get(alpha.id), ...ids(pool)],
      ['FlagSubmit', 'Bravo', 'bob', 'WrongAnswer', poolFlag.get(alpha.id), ...ids(pool)],
      ['CheatDetected', 'Bravo', 'bob', 'Pool', 'Bravo', 'Alpha'],
      ['FlagSubmit', 'Bravo', 'bob', 'WrongAnswer', 'flag{pool_entry_9}', ...ids(pool)],
    ]);
  });
}
