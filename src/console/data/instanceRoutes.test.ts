import { describe, expect, it } from 'vitest';
import { buildInstance } from '@/test/builders';
import { instanceLabel, matchesHint, sortInstances, type InstanceRecord } from './instanceRoutes';

const record = (overrides: Parameters<typeof buildInstance>[0] = {}, game = 'Spring CTF') => {
  const instance = buildInstance(overrides);
  return {
    ...instance,
    id: instance.containerGuid,
    game: { id: 1, title: game },
  } satisfies InstanceRecord;
};

describe('matchesHint', () => {
  const blue = record({
    team: { id: 1, name: 'Blue Team', avatar: null },
    challenge: { id: 2, title: 'Web Warmup', category: 'Web' },
    image: 'ctf/warmup:1',
    ip: '10.1.2.3',
    port: 31000,
  });

  it('looks in the game, team, challenge, image and entry, in any case', () => {
    for (const hint of ['spring', 'BLUE', 'warmup', 'ctf/warm', '10.1.2.3:31000', '  ']) {
      expect(matchesHint(blue, hint)).toBe(true);
    }
    expect(matchesHint(blue, 'red')).toBe(false);
  });

  it('copes with an instance whose team and challenge are gone', () => {
    const orphan = { ...record({ team: null, challenge: null }), game: null };
    expect(matchesHint(orphan, 'blue')).toBe(false);
    expect(instanceLabel(orphan)).toBe(orphan.containerGuid);
    expect(instanceLabel(blue)).toBe('Blue Team · Web Warmup');
  });
});

describe('sortInstances', () => {
  const a = record({ expectStopAt: 3, startedAt: 1, team: { id: 1, name: 'b', avatar: null } });
  const b = record({ expectStopAt: 1, startedAt: 2, team: { id: 2, name: 'A', avatar: null } });
  const c = record({ expectStopAt: 2, startedAt: 3, team: { id: 3, name: 'c', avatar: null } });
  const ids = (records: InstanceRecord[]) => records.map((r) => r.id);

  it('puts the next to expire first unless told otherwise', () => {
    expect(ids(sortInstances([a, b, c]))).toEqual(ids([b, c, a]));
    expect(ids(sortInstances([a, b, c], { field: 'expectStopAt', order: 'DESC' }))).toEqual(
      ids([a, c, b]),
    );
    expect(ids(sortInstances([a, b, c], { field: 'startedAt', order: 'ASC' }))).toEqual(
      ids([a, b, c]),
    );
    expect(ids(sortInstances([a, b, c], { field: 'team.name', order: 'ASC' }))).toEqual(
      ids([b, a, c]),
    );
    expect(ids(sortInstances([a, b, c], { field: 'unknown', order: 'ASC' }))).toEqual(
      ids([b, c, a]),
    );
  });
});
