/**
 * The rules of the Review page, free of React: the order of the status groups, the status changes
 * offered for each status, the search and division filters, and who plays for a team.
 */
import { enumChoices } from '@/api/validation';
import type { Participation, ParticipationStatus, Profile } from '@/api/types';

/** What needs a decision comes first; typed over the spec's enum, so a new status must be placed. */
const GROUP_RANK: Record<ParticipationStatus, number> = {
  Pending: 0,
  Accepted: 1,
  Suspended: 2,
  Rejected: 3,
  Unsubmitted: 4,
};

/** The spec's statuses in the order the page groups them. */
export const reviewOrder: ParticipationStatus[] = [...enumChoices('ParticipationStatus')].sort(
  (a, b) => GROUP_RANK[a] - GROUP_RANK[b],
);

/**
 * The status changes worth a button. The server allows any change but `Unsubmitted`; an accepted
 * team is suspended rather than rejected (it is locked and has instances), and only a rejected one
 * goes back to waiting.
 */
const TRANSITIONS: Record<ParticipationStatus, ParticipationStatus[]> = {
  Pending: ['Accepted', 'Rejected'],
  Accepted: ['Suspended'],
  Suspended: ['Accepted', 'Rejected'],
  Rejected: ['Accepted', 'Pending'],
  Unsubmitted: ['Accepted', 'Rejected'],
};

export const nextStatuses = (status: ParticipationStatus) => TRANSITIONS[status];

export interface ReviewFilter {
  /** Part of the team's name, any case; blank = every team. */
  query: string;
  /** One of the game's divisions; empty = every division. */
  division: string;
}

export const noFilter: ReviewFilter = { query: '', division: '' };

export function matches(participation: Participation, { query, division }: ReviewFilter) {
  const wanted = query.trim().toLocaleLowerCase();
  const name = (participation.team.name ?? '').toLocaleLowerCase();
  if (wanted !== '' && !name.includes(wanted)) return false;
  return division === '' || participation.division === division;
}

export interface StatusGroup {
  status: ParticipationStatus;
  /** The group's participations that pass the filter. */
  shown: Participation[];
  /** All the group's participations. */
  total: number;
}

/**
 * The participations by status, in review order. Pending is always there (an empty queue is worth
 * saying); other statuses only when some team has them.
 */
export function groupByStatus(participations: Participation[], filter: ReviewFilter) {
  return reviewOrder
    .map((status): StatusGroup => {
      const all = participations.filter((participation) => participation.status === status);
      return {
        status,
        shown: all.filter((participation) => matches(participation, filter)),
        total: all.length,
      };
    })
    .filter((group) => group.status === 'Pending' || group.total > 0);
}

/** The team's members who registered for this game, in the team's order. */
export function playingMembers({ team, registeredMembers }: Participation): Profile[] {
  const registered = new Set(registeredMembers);
  return (team.members ?? []).filter((member) => registered.has(member.userId));
}
