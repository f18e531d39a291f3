/** Plain rows the scoreboard is built from, and the board itself (ScoreboardModel of the spec). */
import type { components } from '#wire/schema.gen.js';
import type { DynamicScoreSettings } from './dynamicScore.js';

type Schemas = components['schemas'];
export type ScoreboardModel = Schemas['ScoreboardModel'];
export type ScoreboardItem = Schemas['ScoreboardItem'];
export type ScoreboardChallengeInfo = Schemas['ChallengeInfo'];
export type ScoreboardChallengeItem = Schemas['ChallengeItem'];
export type TopTimeLine = Schemas['TopTimeLine'];
export type ScoreboardAward = Schemas['ScoreboardAward'];
export type ScoreboardHintPrice = Schemas['ScoreboardHintPrice'];
export type ChallengeCategory = Schemas['ChallengeCategory'];
export type SubmissionType = Schemas['SubmissionType'];

/** The "never" time of a team without a solve: 0001-01-01T00:00:00Z in epoch ms. */
export const NEVER = -62_135_596_800_000;

/** An enabled challenge of the game. */
export interface ScoringChallenge extends DynamicScoreSettings {
  id: number;
  title: string;
  category: ChallengeCategory;
  /** n: the stored number of accepted teams that solved it before the end. */
  acceptedCount: number;
  disableBloodBonus: boolean;
}

/** An Accepted registration of a team. */
export interface ScoringTeam {
  /** Registration (participation) id: the last tie-break, in registration order. */
  participationId: number;
  teamId: number;
  name: string;
  bio: string | null;
  avatar: string | null;
  division: string | null;
}

/** An Accepted submission made before the game end. */
export interface ScoringSolve {
  /** Submission id: orders solves that happened in the same millisecond. */
  id: number;
  participationId: number;
  challengeId: number;
  userName: string | null;
  time: number;
  /**
   * The team's place among the challenge's solvers as the flag checker counted it (1 = first);
   * it decides bloods, as it decided the blood notices. Without it solves are ordered by time.
   */
  solveOrder?: number | null;
}

/**
 * A change of a team's score at a time that is not a solve: an organiser's award (issue 25), and
 * whatever else comes to move a score (a hint's price). See adjustments.ts.
 */
export interface ScoreAdjustment {
  /** Unique among the game's adjustments of one kind. */
  id: number;
  participationId: number;
  /** Points added; negative ones take points away. */
  points: number;
  time: number;
  /**
   * What it is: an `Award` is listed on the team's row with its reason; a `HintPrice` (a priced
   * hint the team unlocked, issue 25) counts in the score and time line only.
   */
  kind: 'Award' | 'HintPrice';
  /** Why, as the board shows it. */
  reason: string;
}

export interface ScoreboardInput {
  /** The game's stored packed blood bonus. */
  bloodBonus: number;
  challenges: ScoringChallenge[];
  teams: ScoringTeam[];
  solves: ScoringSolve[];
  /** Awards and other changes of score that are not solves, made before the end (none if absent). */
  adjustments?: ScoreAdjustment[];
  /**
   * Challenges the served board leaves out of its challenge list (issue 25): hidden from teams
   * while locked, locked to someone, and solved by nobody yet, so the board does not name what the
   * organiser hid. The model keeps them (the teams' own challenge lists are cut from it, with
   * their locks); the board's bytes leave them out (services/scoreboard/boardBytes.ts). Decided by
   * the loader from all the game's solves, so the frozen board leaves out the same ones.
   */
  concealed?: ReadonlySet<number>;
  /** Generation time (epoch ms). */
  now: number;
}
