import { describe, expect, it } from 'vitest';
import type { AdminOverview, GameOverview } from '@/api/types';
import {
  addSubmission,
  gameEventArrived,
  logArrived,
  minuteSeries,
  MINUTE,
  nextPhaseChange,
  noticeArrived,
  registrationChanged,
  submissionArrived,
  thisMinute,
} from './overviewUpdates';

const T = 1_700_000_040_000; // a minute's start
const game = (overrides: Partial<GameOverview> = {}): GameOverview => ({
  id: 3,
  title: 'Spring CTF',
  hidden: false,
  start: T - 3_600_000,
  end: T + 3_600_000,
  phase: 'Running',
  teams: 4,
  acceptedTeams: 2,
  pendingTeams: 1,
  runningInstances: 1,
  submissionsPerMinute: [],
  bloods: [],
  ...overrides,
});
const overview = (games = [game()]): AdminOverview => ({ time: T, errorsLastHour: 0, games });
const gameOf = (figures: AdminOverview) => figures.games[0];

describe('registration changes', () => {
  it('counts a new pending team, its acceptance and its removal', () => {
    let figures = registrationChanged(overview(), {
      gameId: 3,
      teamId: 9,
      status: 'Pending',
      previous: null,
    });
    expect(gameOf(figures)).toMatchObject({ teams: 5, acceptedTeams: 2, pendingTeams: 2 });
    figures = registrationChanged(figures, {
      gameId: 3,
      teamId: 9,
      status: 'Accepted',
      previous: 'Pending',
    });
    expect(gameOf(figures)).toMatchObject({ teams: 5, acceptedTeams: 3, pendingTeams: 1 });
    figures = registrationChanged(figures, {
      gameId: 3,
      teamId: 9,
      status: null,
      previous: 'Accepted',
    });
    expect(gameOf(figures)).toMatchObject({ teams: 4, acceptedTeams: 2, pendingTeams: 1 });
  });

  it('leaves the figures alone for a game not on the home, and never goes below zero', () => {
    const figures = overview();
    const other = { gameId: 8, teamId: 1, status: 'Accepted' as const, previous: null };
    expect(registrationChanged(figures, other)).toBe(figures);
    const empty = overview([game({ teams: 0, acceptedTeams: 0, pendingTeams: 0 })]);
    const removed = registrationChanged(empty, {
      gameId: 3,
      teamId: 1,
      status: null,
      previous: 'Pending',
    });
    expect(gameOf(removed)).toMatchObject({ teams: 0, pendingTeams: 0 });
  });
});

describe('submissions per minute', () => {
  it('adds to the minute of the submission, creating it in order', () => {
    const minutes = [
      { minute: T - 5 * MINUTE, count: 2 },
      { minute: T, count: 1 },
    ];
    expect(addSubmission(minutes, T + 59_999)).toEqual([
      { minute: T - 5 * MINUTE, count: 2 },
      { minute: T, count: 2 },
    ]);
    expect(addSubmission(minutes, T - 2 * MINUTE + 1)).toEqual([
      { minute: T - 5 * MINUTE, count: 2 },
      { minute: T - 2 * MINUTE, count: 1 },
      { minute: T, count: 1 },
    ]);
    const figures = submissionArrived(overview(), 3, T + 10);
    expect(thisMinute(gameOf(figures).submissionsPerMinute, T + 30_000)).toBe(1);
  });

  it('fills the chart with every minute of the hour, the current one last', () => {
    const series = minuteSeries(
      [
        { minute: T - 90 * MINUTE, count: 7 },
        { minute: T - 59 * MINUTE, count: 3 },
        { minute: T, count: 2 },
      ],
      T + 5_000,
    );
    expect(series).toHaveLength(60);
    expect(series[0]).toEqual({ minute: T - 59 * MINUTE, count: 3 });
    expect(series[59]).toEqual({ minute: T, count: 2 });
    expect(series.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(5);
  });
});

describe('instances, bloods and errors', () => {
  it('moves running instances with container starts and stops only', () => {
    let figures = gameEventArrived(overview(), 3, 'ContainerStart');
    expect(gameOf(figures).runningInstances).toBe(2);
    figures = gameEventArrived(figures, 3, 'FlagSubmit');
    figures = gameEventArrived(figures, 3, 'ContainerDestroy');
    figures = gameEventArrived(figures, 3, 'ContainerDestroy');
    figures = gameEventArrived(figures, 3, 'ContainerDestroy');
    expect(gameOf(figures).runningInstances).toBe(0);
  });

  it('puts a blood notice on top once, keeps five, ignores other notices', () => {
    const notice = (id: number, type: 'FirstBlood' | 'Normal', time: number) => ({
      id,
      type,
      values: ['Alpha', `Challenge ${id}`],
      time,
    });
    let figures = overview();
    for (let i = 1; i <= 6; i++)
      figures = noticeArrived(figures, 3, notice(i, 'FirstBlood', T + i));
    figures = noticeArrived(figures, 3, notice(6, 'FirstBlood', T + 6));
    figures = noticeArrived(figures, 3, notice(7, 'Normal', T + 7));
    const bloods = gameOf(figures).bloods;
    expect(bloods.map((blood) => blood.challenge)).toEqual(
      [6, 5, 4, 3, 2].map((i) => `Challenge ${i}`),
    );
    expect(bloods[0]).toEqual({
      type: 'FirstBlood',
      team: 'Alpha',
      challenge: 'Challenge 6',
      time: T + 6,
    });
  });

  it('counts pushed errors and fatal entries, not the rest', () => {
    const entry = (level: string) => ({
      time: T,
      level,
      name: null,
      ip: null,
      msg: 'x',
      status: null,
    });
    let figures = overview();
    for (const level of ['Error', 'Warning', 'Fatal', 'Information']) {
      figures = logArrived(figures, entry(level) as never);
    }
    expect(figures.errorsLastHour).toBe(2);
  });
});

describe('nextPhaseChange', () => {
  it('is the next start of an upcoming game or end of a running one', () => {
    const figures = overview([
      game({ id: 1, phase: 'Running', end: T + 50 * MINUTE }),
      game({ id: 2, phase: 'Upcoming', start: T + 20 * MINUTE }),
      game({ id: 3, phase: 'Ended', end: T - MINUTE }),
    ]);
    expect(nextPhaseChange(figures, T)).toBe(T + 20 * MINUTE);
    expect(nextPhaseChange(figures, T + 30 * MINUTE)).toBe(T + 50 * MINUTE);
    expect(nextPhaseChange(figures, T + 60 * MINUTE)).toBeUndefined();
  });
});
