/**
 * What the seed writes, worked out before any I/O: the challenges (categories, dynamic scoring,
 * static flags), the earlier submissions (who, what, when, right or wrong) and what the flag
 * checker would have derived from them (solved instances with their solve order, the challenges'
 * accepted and submission counts). Pure, so the seed is the same on both databases.
 *
 * The game mechanics variant (`mechanics`, issue 25; BENCH_MECHANICS=1) adds what makes the flag
 * path and the board do more: every fifth challenge needs "any 1 of" the two most popular other
 * challenges and limits attempts (far above what a run reaches, but through the limited path),
 * and every team solves the most popular one first, so the gate is checked on every submission
 * and refuses none; a tenth of the flags are RE2 patterns and a tenth case-insensitive; a tenth of
 * the challenges have a priced hint that a third of the teams unlocked; a twentieth of the teams
 * have an award.
 */
import { randomHex, randomIndex, seededRandom, zipfSampler, type Random } from './random.js';

export const CATEGORIES = [
  'Misc',
  'Crypto',
  'Pwn',
  'Web',
  'Reverse',
  'Forensics',
  'Blockchain',
  'PPC',
] as const;

export interface PlanInput {
  /** A short tag that keeps names of two games in one database apart ("a", "b"). */
  tag: string;
  teams: number;
  challenges: number;
  submissions: number;
  correctShare: number;
  zipfExponent: number;
  randomSeed: number;
  /** The last this many teams never submit a right flag (seeded or under load), so the solve →
   *  board probes always find unsolved pairs, however fast a run solves the rest. */
  heldBackTeams?: number;
  /** The game mechanics variant (issue 25; see above). */
  mechanics?: boolean;
  /**
   * With the variant, also its hint unlocks and awards (default); false leaves the rules alone
   * (what the variant names: prerequisites, attempt limits, match modes).
   */
  mechanicsExtras?: boolean;
  /** Game start and the present (epoch ms); seeded submissions fall between them. */
  start: number;
  now: number;
}

export interface PlannedChallenge {
  title: string;
  category: (typeof CATEGORIES)[number];
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
  /** The stored flag: the text, or the pattern of a `Regex` flag. */
  flag: string;
  matchMode: 'Exact' | 'CaseInsensitive' | 'Regex';
  /** A right answer, as players send it (for `Exact`, the flag itself). */
  answer: string;
  /** Most wrong submissions a team may make (0: no limit). */
  maxAttempts: number;
  /** Challenge indexes of which `prerequisiteCount` must be solved first (none: open). */
  prerequisites: number[];
  prerequisiteCount: number | null;
  /** Priced hints' costs (one hint each). */
  hintCosts: number[];
}

export interface PlannedTeam {
  name: string;
  userName: string;
}

export interface PlannedSubmission {
  team: number;
  challenge: number;
  answer: string;
  correct: boolean;
  time: number;
}

export interface PlannedSolve {
  team: number;
  challenge: number;
  /** 1 = first solver of the challenge. */
  order: number;
  time: number;
}

/** A priced hint a team unlocked (the hint is the challenge's first, at its cost). */
export interface PlannedHintUnlock {
  team: number;
  challenge: number;
  time: number;
}

export interface PlannedAward {
  team: number;
  value: number;
  time: number;
}

export interface SeedPlan {
  teams: PlannedTeam[];
  challenges: PlannedChallenge[];
  /** Challenge indexes from most to least popular (the Zipf ranks). */
  popularity: number[];
  submissions: PlannedSubmission[];
  solves: PlannedSolve[];
  acceptedCount: number[];
  submissionCount: number[];
  hintUnlocks: PlannedHintUnlock[];
  awards: PlannedAward[];
}

const ORIGINAL_SCORES = [500, 1000, 1000, 1500];
const DIFFICULTIES = [3, 5, 5, 8, 10];

function shuffled(n: number, random: Random): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomIndex(random, i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

export function planSeed(input: PlanInput): SeedPlan {
  const random = seededRandom(input.randomSeed);
  const pad = (i: number) => String(i + 1).padStart(4, '0');
  const teams = Array.from({ length: input.teams }, (_, i) => ({
    name: `T${input.tag}-${pad(i)}`,
    userName: `p${input.tag}${pad(i)}`,
  }));
  const challenges = Array.from({ length: input.challenges }, (_, i): PlannedChallenge => {
    const category = CATEGORIES[i % CATEGORIES.length];
    const flag = `flag{bench_${input.tag}_${pad(i)}_${randomHex(random, 16)}}`;
    return {
      title: `${category} ${pad(i)}`,
      category,
      originalScore: ORIGINAL_SCORES[i % ORIGINAL_SCORES.length],
      minScoreRate: 0.25,
      difficulty: DIFFICULTIES[i % DIFFICULTIES.length],
      flag,
      matchMode: 'Exact',
      answer: flag,
      maxAttempts: 0,
      prerequisites: [],
      prerequisiteCount: null,
      hintCosts: [],
    };
  });
  const popularity = shuffled(input.challenges, random);
  const zipf = zipfSampler(input.challenges, input.zipfExponent);
  // Its own generator, so the variant keeps the plain seed's flags, popularity and submissions.
  const opener = input.mechanics
    ? addMechanics(challenges, popularity, input.tag, seededRandom(input.randomSeed + 1))
    : null;

  const from = input.start + 60_000;
  const span = Math.max(1, input.now - 60_000 - from);
  const submissions: PlannedSubmission[] = [];
  const solves: PlannedSolve[] = [];
  const solved = new Set<number>();
  const acceptedCount = new Array<number>(input.challenges).fill(0);
  const submissionCount = new Array<number>(input.challenges).fill(0);
  const record = (submission: PlannedSubmission) => {
    const { team, challenge, correct, time } = submission;
    submissions.push(submission);
    submissionCount[challenge]++;
    const key = team * input.challenges + challenge;
    if (correct && !solved.has(key)) {
      solved.add(key);
      solves.push({ team, challenge, order: ++acceptedCount[challenge], time });
    }
  };
  // The variant: every team (the held-back ones too, or the probes would meet locked
  // challenges) solved the opener in the game's first minute, before anything gated; these
  // solves are part of the seeded count, which stays `submissions`.
  const opening = opener === null ? 0 : Math.min(input.teams, input.submissions);
  for (let team = 0; team < opening; team++) {
    const time = input.start + Math.floor((team * 60_000) / input.teams);
    record({ team, challenge: opener!, answer: challenges[opener!].answer, correct: true, time });
  }
  for (let i = 0; i < input.submissions - opening; i++) {
    const team = randomIndex(random, input.teams);
    const challenge = popularity[zipf(random)];
    // Drawn for every submission, so holding teams back leaves the rest of the seed unchanged.
    const drawnCorrect = random() < input.correctShare;
    const correct = drawnCorrect && team < input.teams - (input.heldBackTeams ?? 0);
    const time = from + Math.floor((i * span) / input.submissions);
    const answer = correct ? challenges[challenge].answer : `flag{${randomHex(random, 16)}}`;
    record({ team, challenge, answer, correct, time });
  }
  const extras =
    input.mechanics && input.mechanicsExtras !== false
      ? planExtras(challenges, input.teams, from, span)
      : { hintUnlocks: [], awards: [] };
  return {
    teams,
    challenges,
    popularity,
    submissions,
    solves,
    acceptedCount,
    submissionCount,
    ...extras,
  };
}

/** Far above the wrong answers a team makes in a run, so no submission is refused. */
export const MECHANICS_MAX_ATTEMPTS = 1000;
export const HINT_COST = 50;

/**
 * Sets the variant's rules on the challenges; answers the opener (the most popular challenge,
 * which every team solves first). Gated: every fifth by index; prerequisites: "any 1 of" the two
 * most popular challenges that are not gated. Flags: index ≡ 1 (mod 10) a pattern, ≡ 6 matched
 * case-insensitively (players send it upper-cased). Hints: index ≡ 2 (mod 10).
 */
function addMechanics(
  challenges: PlannedChallenge[],
  popularity: number[],
  tag: string,
  random: Random,
): number {
  const gated = (i: number) => i % 5 === 4;
  const [opener, second] = popularity.filter((i) => !gated(i));
  challenges.forEach((challenge, i) => {
    if (gated(i)) {
      challenge.prerequisites = second === undefined ? [opener] : [opener, second];
      challenge.prerequisiteCount = 1;
      challenge.maxAttempts = MECHANICS_MAX_ATTEMPTS;
    }
    const id = String(i + 1).padStart(4, '0');
    if (i % 10 === 1) {
      challenge.matchMode = 'Regex';
      challenge.flag = `flag\\{bench_${tag}_${id}_[0-9a-f]{8}_\\d+\\}`;
      challenge.answer = `flag{bench_${tag}_${id}_${randomHex(random, 8)}_${i + 1}}`;
    } else if (i % 10 === 6) {
      challenge.matchMode = 'CaseInsensitive';
      challenge.answer = challenge.flag.toUpperCase();
    }
    if (i % 10 === 2) challenge.hintCosts = [HINT_COST];
  });
  return opener;
}

/** Hint unlocks (every third team, each hinted challenge) and awards (every twentieth team). */
function planExtras(
  challenges: PlannedChallenge[],
  teams: number,
  from: number,
  span: number,
): Pick<SeedPlan, 'hintUnlocks' | 'awards'> {
  const hintUnlocks: PlannedHintUnlock[] = [];
  const awards: PlannedAward[] = [];
  for (let team = 0; team < teams; team++) {
    const time = from + Math.floor((team * span) / teams);
    if (team % 3 === 0) {
      challenges.forEach((challenge, i) => {
        if (challenge.hintCosts.length > 0) hintUnlocks.push({ team, challenge: i, time });
      });
    }
    if (team % 20 === 0) awards.push({ team, value: team % 40 === 0 ? 100 : -25, time });
  }
  return { hintUnlocks, awards };
}
