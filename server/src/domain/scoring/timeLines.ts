/**
 * Score progress of the leading teams (behaviour §1.5): key "all" holds the overall top 10, and
 * each division that has teams adds its own top 10. A series has one point per counted solve
 * (and, a Vexil addition, per award or other adjustment at its time), the team's running total,
 * in time order, without an initial zero point.
 */
import { mergeSteps } from './adjustments.js';
import type { RankedTeam } from './ranking.js';
import type { TopTimeLine } from './types.js';

export const TIME_LINE_TEAMS = 10;
export const OVERALL_KEY = 'all';

export function timeLineOf(row: RankedTeam): TopTimeLine {
  let total = 0;
  return {
    id: row.team.teamId,
    name: row.team.name,
    items: mergeSteps(row.solves, row.adjustments).map((s) => ({
      time: s.time,
      score: (total += s.points),
    })),
  };
}

/** `ranked` must be in rank order. */
export function topTimeLines(ranked: readonly RankedTeam[]): Record<string, TopTimeLine[]> {
  const lines: [string, TopTimeLine[]][] = [
    [OVERALL_KEY, ranked.slice(0, TIME_LINE_TEAMS).map(timeLineOf)],
  ];
  const divisions = new Map<string, RankedTeam[]>();
  for (const row of ranked) {
    const division = row.team.division;
    if (division === null || division === '') continue;
    const rows = divisions.get(division) ?? [];
    if (rows.length < TIME_LINE_TEAMS) rows.push(row);
    divisions.set(division, rows);
  }
  for (const [division, rows] of divisions) {
    // A division named "all" would clash with the overall key; the overall series wins.
    if (division !== OVERALL_KEY) lines.push([division, rows.map(timeLineOf)]);
  }
  // fromEntries defines own properties, so even a division named "__proto__" is a plain key.
  return Object.fromEntries(lines);
}
