/**
 * A team's own view of a frozen board (issue 17): the board as it stood at the freeze, with the
 * team's own later solves added to its row and the row ranked among the frozen ones. Each later
 * solve counts the challenge's score at the freeze and shows as `Normal`: its real points and
 * blood would tell how many teams solved the challenge since.
 *
 * Built on the request path, so it is built as rarely as possible: a team without later solves
 * gets the frozen view itself (no work), and a team's view is kept (an LRU by bytes) until the
 * frozen board or the team's later solves change, i.e. once per own solve, not per request. Its
 * tag is known before it is built (frozen tag + team + its later solves), so a revalidation
 * costs nothing more than reading the team's row of the live board. Compression uses the fast
 * levels: the view is for the team's members only. The team's own awards and hint prices dated
 * after the freeze (issue 25) are added the same way: the team was told of them, other teams were
 * not.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { mergeSteps } from '../../domain/scoring/adjustments.js';
import {
  NEVER,
  type ScoreboardAward,
  type ScoreboardChallengeItem,
  type ScoreboardHintPrice,
  type ScoreboardItem,
  type ScoreboardModel,
  type TopTimeLine,
} from '../../domain/scoring/types.js';
import { OVERALL_KEY, TIME_LINE_TEAMS } from '../../domain/scoring/timeLines.js';
import { encodeView, rowOf, type BoardBytes, type BoardView } from './boardBytes.js';
import { viewSize } from './store.js';

/** About 30 views of a 1,000-team board; views of smaller boards are far smaller. */
const OWN_VIEW_CACHE_BYTES = 64 * 1024 * 1024;

export class OwnViews {
  private readonly views = new LRUCache<string, BoardView>({
    maxSize: OWN_VIEW_CACHE_BYTES,
    sizeCalculation: (view) => Math.max(1, viewSize(view)),
  });
  /** The frozen board parsed once per frozen view (the views are built from it). */
  private readonly parsed = new WeakMap<BoardView, ScoreboardModel>();

  /** The view of `teamId`: the frozen view itself when the team solved nothing since the freeze. */
  viewOf(board: BoardBytes, frozen: BoardView, freezeTime: number, teamId: number): BoardView {
    const liveRow = rowOf(board, teamId);
    if (liveRow === undefined) return frozen;
    const live = JSON.parse(liveRow) as ScoreboardItem;
    const later = live.solvedChallenges.filter((solve) => solve.time >= freezeTime);
    const laterAwards = (live.awards ?? []).filter((award) => award.time >= freezeTime);
    const laterPrices = (live.hintPrices ?? []).filter((price) => price.time >= freezeTime);
    if (later.length === 0 && laterAwards.length === 0 && laterPrices.length === 0) return frozen;
    const etag = ownTag(frozen.etag, teamId, later, [...laterAwards, ...laterPrices]);
    const key = `${board.gameId}:${teamId}`;
    const kept = this.views.get(key);
    if (kept?.etag === etag) return kept;
    const view = this.build(
      frozen,
      live,
      { solves: later, awards: laterAwards, hintPrices: laterPrices },
      etag,
    );
    this.views.set(key, view);
    return view;
  }

  private build(frozen: BoardView, live: ScoreboardItem, later: Later, etag: string): BoardView {
    let board = this.parsed.get(frozen);
    if (!board) {
      board = JSON.parse(frozen.json.toString('utf8')) as ScoreboardModel;
      this.parsed.set(frozen, board);
    }
    const own = withLaterSolves(board, live, later);
    const items = rerank([...board.items.filter((item) => item.id !== live.id)], own);
    const view: ScoreboardModel = { ...board, timeLines: timeLinesOf(items), items };
    return { ...encodeView(view, true), etag };
  }
}

/** What the team's own row adds to the frozen one: its solves, awards and prices since the freeze. */
interface Later {
  solves: ScoreboardChallengeItem[];
  awards: ScoreboardAward[];
  hintPrices: ScoreboardHintPrice[];
}

/**
 * Frozen tag + team + the team's later solves, awards and hint prices: the view's content follows
 * from these alone.
 */
function ownTag(
  frozenTag: string,
  teamId: number,
  later: ScoreboardChallengeItem[],
  laterSteps: (ScoreboardAward | ScoreboardHintPrice)[],
): string {
  const solves = later.map((solve) => `${solve.id}@${solve.time}`).join(',');
  const awards = laterSteps.length === 0 ? '' : `;${JSON.stringify(laterSteps)}`;
  const digest = createHash('sha256')
    .update(solves + awards)
    .digest('base64url')
    .slice(0, 16);
  return `${frozenTag.slice(0, -1)}.${teamId}.${digest}"`;
}

/**
 * The team's frozen row (or a new one) with its later solves, at the challenges' frozen scores,
 * and its later awards and hint prices.
 */
function withLaterSolves(
  board: ScoreboardModel,
  live: ScoreboardItem,
  { solves: later, awards: laterAwards, hintPrices: laterPrices }: Later,
): ScoreboardItem {
  const frozenScores = new Map<number, number>();
  for (const group of Object.values(board.challenges)) {
    for (const challenge of group ?? []) frozenScores.set(challenge.id, challenge.score);
  }
  // A team accepted after the freeze is not on the frozen board: it starts from nothing.
  const base = board.items.find((item) => item.id === live.id) ?? {
    ...live,
    score: 0,
    lastSubmissionTime: NEVER,
    solvedChallenges: [],
    solvedCount: 0,
    awards: undefined,
    hintPrices: undefined,
  };
  const added = later.flatMap((solve): ScoreboardChallengeItem[] => {
    const score = frozenScores.get(solve.id);
    return score === undefined ? [] : [{ ...solve, score, type: 'Normal' }];
  });
  const solvedChallenges = [...base.solvedChallenges, ...added];
  const awards = [...(base.awards ?? []), ...laterAwards];
  const hintPrices = [...(base.hintPrices ?? []), ...laterPrices];
  const row: ScoreboardItem = {
    ...base,
    score:
      solvedChallenges.reduce((sum, solve) => sum + solve.score, 0) +
      awards.reduce((sum, award) => sum + award.value, 0) +
      hintPrices.reduce((sum, price) => sum + price.value, 0),
    lastSubmissionTime: [...solvedChallenges, ...awards, ...hintPrices].reduce(
      (last, step) => Math.max(last, step.time),
      base.lastSubmissionTime,
    ),
    solvedChallenges,
    solvedCount: solvedChallenges.length,
  };
  if (awards.length > 0) row.awards = awards;
  else delete row.awards;
  if (hintPrices.length > 0) row.hintPrices = hintPrices;
  else delete row.hintPrices;
  return row;
}

/**
 * `others` (in rank order) with `own` placed by the board's order: score descending, then the
 * time the score was reached; on an exact tie the team goes after the frozen rows. Ranks and
 * division ranks are counted again.
 */
function rerank(others: ScoreboardItem[], own: ScoreboardItem): ScoreboardItem[] {
  const after = (item: ScoreboardItem) =>
    item.score > own.score ||
    (item.score === own.score && item.lastSubmissionTime <= own.lastSubmissionTime);
  let at = 0;
  while (at < others.length && after(others[at])) at++;
  others.splice(at, 0, own);
  const divisionCounts = new Map<string, number>();
  return others.map((item, index) => {
    let divisionRank: number | null = null;
    if (item.division !== null) {
      divisionRank = (divisionCounts.get(item.division) ?? 0) + 1;
      divisionCounts.set(item.division, divisionRank);
    }
    return item.rank === index + 1 && item.divisionRank === divisionRank
      ? item
      : { ...item, rank: index + 1, divisionRank };
  });
}

/** The board's time lines (domain/scoring/timeLines.ts) from its rows. */
function timeLinesOf(items: ScoreboardItem[]): Record<string, TopTimeLine[]> {
  const lineOf = (item: ScoreboardItem): TopTimeLine => {
    let total = 0;
    const steps = mergeSteps(
      item.solvedChallenges.map((s) => ({ time: s.time, points: s.score })),
      [...(item.awards ?? []), ...(item.hintPrices ?? [])]
        .map((a) => ({ time: a.time, points: a.value }))
        .sort((a, b) => a.time - b.time),
    );
    return {
      id: item.id,
      name: item.name,
      items: steps.map((s) => ({ time: s.time, score: (total += s.points) })),
    };
  };
  const lines: [string, TopTimeLine[]][] = [
    [OVERALL_KEY, items.slice(0, TIME_LINE_TEAMS).map(lineOf)],
  ];
  const divisions = new Map<string, ScoreboardItem[]>();
  for (const item of items) {
    if (item.division === null || item.division === '') continue;
    const rows = divisions.get(item.division) ?? [];
    if (rows.length < TIME_LINE_TEAMS) rows.push(item);
    divisions.set(item.division, rows);
  }
  for (const [division, rows] of divisions) {
    if (division !== OVERALL_KEY) lines.push([division, rows.map(lineOf)]);
  }
  return Object.fromEntries(lines);
}
