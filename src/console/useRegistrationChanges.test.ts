import { describe, expect, it } from 'vitest';
import { fromHubRegistrationChange } from './useRegistrationChanges';

describe('fromHubRegistrationChange', () => {
  it('reads a change, a new registration and a removed one', () => {
    for (const [status, previous] of [
      ['Accepted', 'Pending'],
      ['Pending', null],
      [null, 'Rejected'],
    ]) {
      expect(fromHubRegistrationChange({ gameId: 3, teamId: 7, status, previous })).toEqual({
        gameId: 3,
        teamId: 7,
        status,
        previous,
      });
    }
  });

  it('refuses what is not one', () => {
    for (const payload of [
      null,
      'Pending',
      { gameId: '3', teamId: 7, status: 'Pending', previous: null },
      { gameId: 3, teamId: 7, status: 'Joined', previous: null },
      { gameId: 3, teamId: 7, status: 'Pending' },
    ]) {
      expect(fromHubRegistrationChange(payload)).toBeUndefined();
    }
  });
});
