/**
 * What the seed writes, worked out before any I/O: the challenges (categories, dynamic scoring,
 * static flags), the earlier submissions (who, what, when, right or wrong) and what the flag
 * checker would have derived from them (solved instances with their solve order, the challenges'
 * accepted and submission counts). Pure, so the seed is the same on both databases.
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
  flag: string;
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

export interface SeedPlan {
  teams: PlannedTeam[];
  challenges: PlannedChallenge[];
  /** Challenge indexes from most to least popular (the Zipf ranks). */
  popularity: number[];
  submissions: PlannedSubmission[];
  solves: PlannedSolve[];
  acceptedCount: number[];
  submissionCount: number[];
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
    return {
      title: `${category} ${pad(i)}`,
      category,
      originalScore: ORIGINAL_SCORES[i % ORIGINAL_SCORES.length],
      minScoreRate: 0.25,
      difficulty: DIFFICULTIES[i % DIFFICULTIES.length],
      flag: `flag{bench_${input.tag}_${pad(i)}_${randomHex(random, 16)}}`,
    };
  });
  const popularity = shuffled(input.challenges, random);
  const zipf = zipfSampler(input.challenges, input.zipfExponent);

  const from = input.start + 60_000;
  const span = Math.max(1, input.now - 60_000 - from);
  const submissions: PlannedSubmission[] = [];
  const solves: PlannedSolve[] = [];
  const solved = new Set<number>();
  const acceptedCount = new Array<number>(input.challenges).fill(0);
  const submissionCount = new Array<number>(input.challenges).fill(0);
  for (let i = 0; i < input.submissions; i++) {
    const team = randomIndex(random, input.teams);
    const challenge = popularity[zipf(random)];
    // Drawn for every submission, so holding teams back leaves the rest of the seed unchanged.
    const drawnCorrect = random() < input.correctShare;
    const correct = drawnCorrect && team < input.teams - (input.heldBackTeams ?? 0);
    const time = from + Math.floor((i * span) / input.submissions);
    const answer = correct ? challenges[challenge].flag : `flag{${randomHex(random, 16)}}`;
    submissions.push({ team, challenge, answer, correct, time });
    submissionCount[challenge]++;
    const key = team * input.challenges + challenge;
    if (correct && !solved.has(key)) {
      solved.add(key);
      solves.push({ team, challenge, order: ++acceptedCount[challenge], time });
    }
  }
  return { teams, challenges, popularity, submissions, solves, acceptedCount, submissionCount };
}
