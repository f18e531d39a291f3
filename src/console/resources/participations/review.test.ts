import { describe, expect, it } from 'vitest';
import { enums } from '@/api/formMeta.gen';
import { buildParticipation, buildProfile } from '@/test/builders';
import {
  groupByStatus,
  matches,
  nextStatuses,
  noFilter,
  playingMembers,
  reviewOrder,
} from './review';

describe('review rules', () => {
  it('orders every status of the spec with the pending ones first', () => {
    expect(reviewOrder).toEqual(['Pending', 'Accepted', 'Suspended', 'Rejected', 'Unsubmitted']);
    expect([...reviewOrder].sort()).toEqual([...enums.ParticipationStatus].sort());
  });

  it('offers only changes the server accepts and that differ from the status', () => {
    for (const status of reviewOrder) {
      expect(nextStatuses(status)).not.toContain(status);
      expect(nextStatuses(status)).not.toContain('Unsubmitted');
      expect(nextStatuses(status).length).toBeGreaterThan(0);
    }
    expect(nextStatuses('Pending')).toEqual(['Accepted', 'Rejected']);
    expect(nextStatuses('Accepted')).toEqual(['Suspended']);
    expect(nextStatuses('Rejected')).toContain('Pending');
  });

  it('filters by part of the team name in any case, and by division', () => {
    const alpha = buildParticipation({ team: { name: 'Alpha Wolves' }, division: 'Open' });
    expect(matches(alpha, noFilter)).toBe(true);
    expect(matches(alpha, { query: ' wOLV ', division: '' })).toBe(true);
    expect(matches(alpha, { query: 'beta', division: '' })).toBe(false);
    expect(matches(alpha, { query: '', division: 'Open' })).toBe(true);
    expect(matches(alpha, { query: '', division: 'Juniors' })).toBe(false);
    expect(
      matches(buildParticipation({ team: { name: null } }), { query: 'a', division: '' }),
    ).toBe(false);
  });

  it('groups in review order, keeps Pending even when empty and counts before filtering', () => {
    const accepted = buildParticipation({ status: 'Accepted', team: { name: 'Alpha' } });
    const rejected = buildParticipation({ status: 'Rejected', team: { name: 'Beta' } });
    const accepted2 = buildParticipation({ status: 'Accepted', team: { name: 'Gamma' } });
    const groups = groupByStatus([rejected, accepted, accepted2], { query: 'alp', division: '' });
    expect(groups.map((group) => [group.status, group.shown.length, group.total])).toEqual([
      ['Pending', 0, 0],
      ['Accepted', 1, 2],
      ['Rejected', 0, 1],
    ]);
  });

  it('tells who of the team plays in this game', () => {
    const outsider = buildProfile({ userId: '5a7e0c3b-0000-4000-8000-999999999999' });
    const participation = buildParticipation();
    participation.team.members?.push(outsider);
    expect(playingMembers(participation).map((member) => member.userName)).toEqual(
      participation.team.members?.slice(0, 2).map((member) => member.userName),
    );
    expect(
      playingMembers({ ...participation, team: { ...participation.team, members: null } }),
    ).toEqual([]);
  });
});
