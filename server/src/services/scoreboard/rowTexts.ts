/**
 * The JSON of each team's row of a board, kept between builds of one game (by the scoreboard
 * worker). Writing 1,000 rows of a board is about 10 ms; between two builds most rows are the
 * same (a solve changes its team's row, the rows of the challenge's other solvers when its score
 * moves, and the ranks it passes), so a row equal to the one of the previous build keeps its text.
 */
import type { ScoreboardItem } from '../../domain/scoring/types.js';

type SolvedChallenge = ScoreboardItem['solvedChallenges'][number];
type Award = NonNullable<ScoreboardItem['awards']>[number];
type HintPrice = NonNullable<ScoreboardItem['hintPrices']>[number];

const sameSolve = (a: SolvedChallenge, b: SolvedChallenge): boolean =>
  a.id === b.id &&
  a.score === b.score &&
  a.type === b.type &&
  a.userName === b.userName &&
  a.time === b.time;

const sameAward = (a: Award, b: Award): boolean =>
  a.id === b.id && a.value === b.value && a.reason === b.reason && a.time === b.time;

function sameAwards(a: readonly Award[] | undefined, b: readonly Award[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    if (!sameAward(a[index], b[index])) return false;
  }
  return true;
}

function samePrices(
  a: readonly HintPrice[] | undefined,
  b: readonly HintPrice[] | undefined,
): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  return a.every((price, index) => price.value === b[index].value && price.time === b[index].time);
}

/**
 * Every field the row's JSON is written from. Rows come from `toScoreboardItem`, which writes
 * every field in one order, so equal fields mean equal text.
 */
export function sameItem(a: ScoreboardItem, b: ScoreboardItem): boolean {
  if (
    a.id !== b.id ||
    a.name !== b.name ||
    a.bio !== b.bio ||
    a.division !== b.division ||
    a.avatar !== b.avatar ||
    a.score !== b.score ||
    a.rank !== b.rank ||
    a.divisionRank !== b.divisionRank ||
    a.lastSubmissionTime !== b.lastSubmissionTime ||
    a.solvedCount !== b.solvedCount ||
    a.solvedChallenges.length !== b.solvedChallenges.length ||
    !sameAwards(a.awards, b.awards) ||
    !samePrices(a.hintPrices, b.hintPrices)
  ) {
    return false;
  }
  for (let index = 0; index < a.solvedChallenges.length; index++) {
    if (!sameSolve(a.solvedChallenges[index], b.solvedChallenges[index])) return false;
  }
  return true;
}

export class RowTexts {
  private rows = new Map<number, { item: ScoreboardItem; text: string }>();
  /** Rows written (not taken from the previous build) by the last `textsOf` (diagnostics). */
  written = 0;

  /** The JSON of each item, reusing the text of an equal row of the previous call. */
  textsOf(items: readonly ScoreboardItem[]): string[] {
    const next = new Map<number, { item: ScoreboardItem; text: string }>();
    this.written = 0;
    const texts = items.map((item) => {
      const before = this.rows.get(item.id);
      let text: string;
      if (before && sameItem(before.item, item)) text = before.text;
      else {
        text = JSON.stringify(item);
        this.written++;
      }
      next.set(item.id, { item, text });
      return text;
    });
    this.rows = next;
    return texts;
  }
}
