/**
 * The event bench's figures as markdown: one table per database with Vexil, the bare server,
 * their ratio and the issue's target beside each figure (met / not met), then the server's
 * event-loop delay and memory per phase. Losing a submission is shouted, not tabled quietly.
 */
import type { BoardCheck } from './checks.js';
import type { Compared } from './comparisons.js';
import type { Throughput } from './load.js';
import type { EventResults } from './scenario.js';
import type { ProbeSample } from './vexilProcess.js';

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : int(n)) : 'n/a');
const ratio = (a: number, b: number) =>
  b > 0 ? `${(a / b).toFixed(a / b < 0.1 ? 3 : 2)}×` : 'n/a';
const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const rate = (t: Throughput) =>
  t.answered === 0 ? '0/s (no answer within 10 s)' : `${int(t.perSecond)}/s, p99 ${ms(t.p99Ms)} ms`;

/** Whether the board came to list exactly the solves, and after how long. */
const boardState = (b: BoardCheck) =>
  b.mismatchedTeams === 0
    ? `exact (after ${b.seconds.toFixed(1)} s)`
    : `${b.mismatchedTeams} teams wrong after ${b.seconds.toFixed(0)} s`;

type Row = [string, string, string, string, string, string];

function compared(label: string, c: Compared, target = '', ok?: boolean): Row {
  const issues = c.vexil.unexpected + c.vexil.errors;
  const note =
    issues > 0 ? ` (${int(c.vexil.unexpected)} other status, ${int(c.vexil.errors)} errors)` : '';
  return [
    label,
    rate(c.vexil) + note,
    rate(c.bare),
    ratio(c.vexil.perSecond, c.bare.perSecond),
    target,
    ok === undefined ? '' : met(ok),
  ];
}

/** Phases of a live event: the issue's event-loop target is about these. */
function eventPhases(r: EventResults): Array<[string, ProbeSample]> {
  const rate = `${int(r.options.backgroundRate)}/s submissions offered`;
  const phases: Array<[string, ProbeSample]> = [
    ['submissions (sustained)', r.submissions.server],
    ['flag checker drain', r.submissions.drainServer],
    [`solve → board probes, ${rate}`, r.solveToBoard.server],
  ];
  if (r.board) {
    phases.push([`board GET identity, ${rate}`, r.board.underLoad.identity.server]);
    phases.push([`board GET br, gzip, ${rate}`, r.board.underLoad.compressed.server]);
  }
  return phases;
}

function otherPhases(r: EventResults): Array<[string, ProbeSample]> {
  const phases: Array<[string, ProbeSample]> = [];
  if (r.config) phases.push(['GET /api/config, flat out', r.config.server]);
  if (r.board) {
    phases.push(['board GET identity alone, flat out', r.board.alone.identity.server]);
    phases.push(['board GET br, gzip alone, flat out', r.board.alone.compressed.server]);
    if (r.board.notModified) phases.push(['board GET 304, flat out', r.board.notModified.server]);
  }
  if (r.post) phases.push([`POST flag, ${r.post.teams} teams, flat out`, r.post.server]);
  return phases;
}

export function renderReport(r: EventResults): string {
  const o = r.options;
  const s = r.submissions;
  const lines: string[] = [];
  // Every answered id of the main game is in final.lost (the sustained run's too); the POST
  // comparison's are in post.lost.
  const lost = r.final.lost.lost + (r.post?.lost.lost ?? 0);
  const missing = r.final.lost.missing + (r.post?.lost.missing ?? 0);
  if (lost > 0) {
    lines.push(
      `!!! ${r.database}: ${int(lost)} ANSWERED SUBMISSIONS LOST: ${int(missing)} missing from ` +
        `the database, ${int(lost - missing)} still unchecked after the wait !!!`,
      '',
    );
  }
  lines.push(
    `### ${r.database}: ${int(r.teams)} teams × ${o.challenges} challenges, ` +
      `${int(r.seededSubmissions)} seeded submissions (seeded in ${r.seedSeconds.toFixed(1)} s)` +
      (o.mechanics ? ', game mechanics variant' : ''),
    '',
    '| measurement | Vexil | bare | Vexil ÷ bare | target | |',
    '|---|---|---|---|---|---|',
  );
  const rows: Row[] = [];
  const subsOk = s.load.perSecond >= 1000 && s.lost.lost === 0;
  rows.push([
    `flag submissions, ${int(r.teams)} teams, ${o.inFlight} in flight, ${o.submitSeconds} s: answered 200/s`,
    `${int(s.load.perSecond)}/s, p50 ${ms(s.load.p50Ms)} ms, p99 ${ms(s.load.p99Ms)} ms` +
      (s.load.unexpected + s.load.errors > 0
        ? ` (${int(s.load.unexpected)} non-2xx, ${int(s.load.errors)} errors)`
        : ''),
    '',
    '',
    '≥ 1,000/s with 0 lost',
    met(subsOk),
  ]);
  rows.push([
    '… flag checker: backlog at end of load → drained after',
    `${int(s.backlog)} → ${s.drain.drained ? `${s.drain.seconds.toFixed(1)} s` : `not drained, ${int(s.drain.left)} left after ${s.drain.seconds.toFixed(0)} s`}; checked ${int(s.checkedPerSecond)}/s`,
    '',
    '',
    '',
    '',
  ]);
  rows.push([
    '… lost (answered, then missing or unchecked)',
    `${int(s.lost.lost)}` +
      (s.lost.lost
        ? ` (${int(s.lost.missing)} missing, ${int(s.lost.lost - s.lost.missing)} unchecked)`
        : ''),
    '',
    '',
    '0',
    met(s.lost.lost === 0),
  ]);
  const once = s.countedOnce;
  rows.push([
    '… counted exactly once; board exact',
    `${once.ok ? 'yes' : 'NO'} (+${int(once.submissionCountGrowth)} counted, +${int(once.checkedGrowth)} checked); ` +
      `board ${boardState(s.board)}`,
    '',
    '',
    'exactly once, exact',
    met(once.ok && s.board.mismatchedTeams === 0),
  ]);
  const p = r.solveToBoard.probes;
  rows.push([
    `solve → visible on board, ${p.samplesMs.length} probes, ${int(o.backgroundRate)}/s submissions offered (${int(r.solveToBoard.backgroundPerSecond)}/s answered): median / worst`,
    `${ms(p.medianMs)} / ${ms(p.worstMs)} ms` +
      (p.timedOut
        ? ` (${p.timedOut} not seen within ${o.probeTimeoutSeconds} s, counted as that)`
        : '') +
      (p.samplesMs.length < o.probes ? `; stopped after 3 timeouts in a row` : ''),
    '',
    '',
    '≤ 200 ms / ≤ 1 s',
    met(p.medianMs <= 200 && p.worstMs <= 1000 && p.timedOut === 0),
  ]);
  if (r.board) {
    const b = r.board;
    const sizes = `${int(b.capture.bytes.identity)} B identity, ${int(b.capture.bytes.compressed)} B ${b.capture.contentEncoding}`;
    rows.push(compared(`board GET alone, identity (${sizes})`, b.alone.identity));
    rows.push(compared('board GET alone, Accept-Encoding: br, gzip', b.alone.compressed));
    const status = b.capture.revalidatedStatus;
    const revalidation = `board GET alone, br, gzip + If-None-Match → 304${status !== 304 ? ` (Vexil answered ${status})` : ''}`;
    if (b.notModified) rows.push(compared(revalidation, b.notModified));
    else rows.push(['board GET alone, If-None-Match → 304', 'n/a (no ETag)', 'n/a', 'n/a', '', '']);
    for (const [label, c] of [
      ['identity', b.underLoad.identity],
      ['br, gzip', b.underLoad.compressed],
    ] as const) {
      rows.push(
        compared(
          `board GET ${label}, ${int(o.backgroundRate)}/s submissions offered (${int(c.backgroundPerSecond)}/s answered); bare alone`,
          c,
          '≥ 0.8× bare, p99 ≤ 100 ms',
          c.vexil.perSecond >= 0.8 * c.bare.perSecond && c.vexil.p99Ms <= 100,
        ),
      );
    }
  }
  if (r.config) {
    rows.push(
      compared(
        'GET /api/config vs bare Fastify',
        r.config,
        '≥ 0.5× bare',
        r.config.vexil.perSecond >= 0.5 * r.config.bare.perSecond,
      ),
    );
  }
  if (r.post) {
    rows.push(
      compared(
        `POST flag, ${r.post.teams} teams, ${o.connections} connections vs bare Fastify POST`,
        r.post,
        '≥ 0.1× bare, p99 ≤ 50 ms',
        r.post.vexil.perSecond >= 0.1 * r.post.bare.perSecond && r.post.vexil.p99Ms <= 50,
      ),
    );
  }
  const during = eventPhases(r);
  const worst = during.reduce((a, b) => (b[1].eventLoopP99Ms > a[1].eventLoopP99Ms ? b : a));
  rows.push([
    'event-loop delay p99, worst phase of the event',
    `${ms(worst[1].eventLoopP99Ms)} ms (${worst[0]})`,
    '',
    '',
    '≤ 50 ms',
    met(worst[1].eventLoopP99Ms <= 50),
  ]);
  const all = [...during, ...otherPhases(r)];
  const peak = Math.max(...all.map(([, sample]) => sample.peakRssMb));
  rows.push([
    'server resident memory, peak of all phases',
    `${int(peak)} MB`,
    '',
    '',
    '≤ 400 MB',
    met(peak <= 400),
  ]);
  rows.push([
    'final checks (all phases)',
    `lost ${int(lost)} (${int(missing)} missing) of ${int(r.final.answered + (r.post?.vexil.answered ?? 0))} answered; ` +
      `counted once ${r.final.countedOnce.ok ? 'yes' : 'NO'}; ` +
      `board ${boardState(r.final.board)}`,
    '',
    '',
    '0 lost, exact',
    met(lost === 0 && r.final.countedOnce.ok && r.final.board.mismatchedTeams === 0),
  ]);
  const m = r.final.mechanics;
  if (m) {
    const modes = Object.entries(m.acceptedByMode)
      .map(([mode, n]) => `${mode} ${int(n)}`)
      .join(', ');
    rows.push([
      'game mechanics exercised (the run: accepted by flag match mode; limited-path submissions; board)',
      `accepted ${modes}; ${int(m.limitedSubmissions)} limited; board rows with hint prices ` +
        `${int(m.rowsWithHintPrices)}, with awards ${int(m.rowsWithAwards)}, ` +
        `${int(m.mismatchedTeams)} teams' prices or awards wrong`,
      '',
      '',
      'every mode accepted, board exact',
      met(
        (m.acceptedByMode.Regex ?? 0) > 0 &&
          (m.acceptedByMode.CaseInsensitive ?? 0) > 0 &&
          m.limitedSubmissions > 0 &&
          m.mismatchedTeams === 0,
      ),
    ]);
  }
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);

  lines.push(
    '',
    '| Vexil process during | event-loop p99 ms | max ms | peak RSS MB | CPU s (all threads) |',
    '|---|---|---|---|---|',
  );
  for (const [name, sample] of all) {
    lines.push(
      `| ${name} | ${ms(sample.eventLoopP99Ms)} | ${ms(sample.eventLoopMaxMs)} | ${int(sample.peakRssMb)} | ${(sample.cpuMs / 1000).toFixed(1)} |`,
    );
  }
  return lines.join('\n');
}
