import { describe, expect, it } from 'vitest';
import { buildTeam } from '@/test/builders';
import { teamChanges } from './teamLifecycle';

describe('teamChanges', () => {
  const team = buildTeam({ name: 'Red', bio: null, locked: false });

  it('keeps only the AdminTeamModel fields that changed', () => {
    expect(teamChanges({ ...team, name: 'Blue', members: [] } as never, team)).toEqual({
      name: 'Blue',
    });
    expect(teamChanges({ locked: true }, team)).toEqual({ locked: true });
  });

  it('sends an emptied bio as "" but not an untouched missing one', () => {
    expect(teamChanges({ bio: '' }, { ...team, bio: 'old' })).toEqual({ bio: '' });
    expect(teamChanges({ bio: '' }, team)).toEqual({});
    expect(teamChanges({ bio: null, name: null }, team)).toEqual({});
  });
});
