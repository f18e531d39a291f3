/**
 * The containers bench's figures as markdown: one line per team (what the POST answered, the
 * queue it waited in, when the entry showed and when the service answered, how its destroy went),
 * then the summary beside the bare references with the issue's targets marked met / not met, and
 * one line per run side by side. Times are from each team's own POST; percentiles are nearest
 * rank over the teams (or bare starts) that became ready.
 */
import type { Left } from './destroys.js';
import type { ContainerRun } from './scenario.js';
import { median, percentile, tally } from './stats.js';
import type { TeamStart } from './teamStart.js';

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const ms = (n: number | undefined) => (n === undefined ? '–' : int(n));
const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const times = (values: number[]) =>
  values.length === 0
    ? 'n/a'
    : `${int(percentile(values, 50))} / ${int(percentile(values, 99))} / ${int(Math.max(...values))} ms`;
const counted = (entries: Array<[string, number]>) =>
  entries.map(([what, count]) => `${int(count)} × ${what}`).join('; ');

const readyTimes = (run: ContainerRun) =>
  run.teamStarts.filter((s) => s.outcome === 'ready').map((s) => s.readyMs!);
const finalLeft = (run: ContainerRun): Left => run.destroys.leftAfterSettle ?? run.destroys.left;

function answerOf(start: TeamStart): string {
  if (start.status === null) return `no answer (${start.problem ?? 'error'})`;
  if (start.status !== 200) return `${start.status} "${start.problem}" in ${ms(start.answerMs!)}`;
  return `200${start.pending ? ' Pending' : ''} in ${ms(start.answerMs!)}`;
}

function queueOf(start: TeamStart): string {
  if (!start.pending) return '–';
  const states = start.startStates.length > 0 ? ` ${start.startStates.join('→')}` : '';
  return `${start.queuePosition ?? '?'} / ${start.highestPosition ?? '?'}${states}`;
}

export function renderTeams(run: ContainerRun): string {
  const destroyed = new Map(run.destroys.teams.map((d) => [d.team, d]));
  const lines = [
    '| team | POST answer (ms) | queue: POST / highest | entry after ms | ready after ms | outcome | destroy |',
    '| ---- | ---------------- | --------------------- | -------------- | -------------- | ------- | ------- |',
  ];
  for (const start of run.teamStarts) {
    const destroy = destroyed.get(start.team);
    const destroyText = !destroy
      ? '–'
      : destroy.status === 200
        ? `200 in ${ms(destroy.ms)}`
        : `${destroy.status ?? 'no answer'} "${destroy.problem}"`;
    lines.push(
      `| ${start.team} | ${answerOf(start)} | ${queueOf(start)} | ${ms(start.entryMs)} | ` +
        `${ms(start.readyMs)} | ${start.outcome} | ${destroyText} |`,
    );
  }
  return lines.join('\n');
}

export interface Verdict {
  /** Vexil's p99 of ready ÷ the bare single median (the issue's ratio). */
  ratio: number;
  /** Vexil's p99 of ready ÷ the bare flood's p99 (what the engine itself allows). */
  floodRatio: number;
  allReady: boolean;
  noRefusals: boolean;
  ratioMet: boolean;
  noneLeft: boolean;
}

export function verdictOf(run: ContainerRun): Verdict {
  const ready = readyTimes(run);
  const p99 = percentile(ready, 99);
  const flood = run.bare.flood?.timesMs ?? [];
  const ratio = p99 / median(run.bare.timesMs);
  return {
    ratio,
    floodRatio: p99 / percentile(flood, 99),
    allReady: ready.length === run.teams,
    noRefusals: run.teamStarts.every((s) => s.status === 200),
    ratioMet: ready.length > 0 && ratio <= 3,
    noneLeft: finalLeft(run).count === 0,
  };
}

function leftText(left: Left): string {
  if (left.count === 0) return '0';
  return `${int(left.count)} (${int(left.running)} running, ${int(left.withoutRow)} without a row)`;
}

export function renderSummary(run: ContainerRun): string {
  const starts = run.teamStarts;
  const ready = readyTimes(run);
  const verdict = verdictOf(run);
  const { bare } = run;
  const refused = starts.filter((s) => s.status !== 200);
  const refusals = tally(
    refused.map((s) =>
      s.status === null ? `no answer (${s.problem})` : `${s.status} "${s.problem}"`,
    ),
  );
  const notReady = tally(
    starts.filter((s) => s.status === 200 && s.outcome !== 'ready').map((s) => s.outcome),
  );
  const pending = starts.filter((s) => s.pending);
  const positions = pending.map((s) => Math.max(s.queuePosition ?? 0, s.highestPosition ?? 0));
  const answers = starts.flatMap((s) => (s.answerMs === null ? [] : [s.answerMs]));
  const destroys = tally(
    run.destroys.teams.map((d) =>
      d.status === 200 ? '200' : `${d.status ?? 'no answer'} "${d.problem}"`,
    ),
  );
  const destroyMs = run.destroys.teams.filter((d) => d.status === 200).map((d) => d.ms);
  const { left, leftAfterSettle } = run.destroys;
  const { server } = run;
  const flood = bare.flood;
  const rows: string[][] = [
    [
      `teams ready (service answering on its entry) of ${run.teams}`,
      int(ready.length),
      flood ? `${int(flood.timesMs.length)} of ${run.teams} in the flood` : '',
      '',
      `all ${run.teams}`,
      met(verdict.allReady),
    ],
    [
      'refusals (non-200 POST answers), by status and title',
      refused.length === 0 ? '0' : counted(refusals),
      flood && flood.failures.length > 0 ? counted(tally(flood.failures)) : '',
      '',
      '0',
      met(verdict.noRefusals),
    ],
    ['taken (200) but not ready', notReady.length === 0 ? '0' : counted(notReady), '', '', '', ''],
    [
      `POST → ready (first bytes on the entry), p50 / p99 / max of the ${int(ready.length)} ready; bare: one start at a time`,
      times(ready),
      `median ${int(median(bare.timesMs))} ms (${bare.timesMs.map(int).join(', ')})`,
      ready.length > 0 ? `${verdict.ratio.toFixed(1)}× (p99 ÷ bare median)` : 'n/a',
      '≤ 3×',
      met(verdict.ratioMet),
    ],
    [
      `… beside the bare flood: ${int(run.teams)} bare starts at once, p50 / p99 / max`,
      '',
      flood ? `${times(flood.timesMs)}; all in ${flood.seconds.toFixed(1)} s` : 'not run',
      flood && ready.length > 0 ? `${verdict.floodRatio.toFixed(2)}× (p99 ÷ flood p99)` : 'n/a',
      '',
      '',
    ],
    ['POST → its answer, p50 / p99 / max (all answers)', times(answers), '', '', '', ''],
    [
      'POST answered Pending; highest queue position seen',
      pending.length === 0
        ? '0 (no start queue)'
        : `${int(pending.length)}; ${int(Math.max(...positions))}`,
      '',
      '',
      '',
      '',
    ],
    [
      'destroys through the API, by answer; p50 / max of the 200s',
      `${counted(destroys) || 'none'}; ${destroyMs.length ? `${int(median(destroyMs))} / ${int(Math.max(...destroyMs))} ms` : 'n/a'}`,
      '',
      '',
      '',
      '',
    ],
    [
      "left on the engine after the destroys (units with this run's owner label)",
      leftAfterSettle === undefined
        ? leftText(left)
        : `${leftText(left)}; 10 s later ${leftText(leftAfterSettle)}`,
      '',
      '',
      '0',
      met(verdict.noneLeft),
    ],
    [
      'Vexil during the starts: event-loop p99 / max, CPU, peak RSS',
      `${ms(server.eventLoopP99Ms)} / ${ms(server.eventLoopMaxMs)} ms, ${(server.cpuMs / 1000).toFixed(1)} s, ${int(server.peakRssMb)} MB`,
      '',
      '',
      '',
      '',
    ],
  ];
  const targetsMet = [verdict.allReady, verdict.noRefusals, verdict.ratioMet, verdict.noneLeft];
  return [
    `**${run.provider}**, ${run.teams} teams, VEXIL_CONTAINER_STARTS=${run.startsSetting ?? 'unset (server default)'}, ` +
      `${run.database}; ${run.engine}. All POSTs left within ${int(run.burstSpreadMs)} ms; ` +
      `the last team was done ${run.startsSeconds.toFixed(1)} s after the first POST. ` +
      `A bare start: ${bare.what}, straight on the engine.`,
    '',
    '| measurement | Vexil | bare | ratio | target | |',
    '| ----------- | ----- | ---- | ----- | ------ | - |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `Targets met: ${targetsMet.filter(Boolean).length} of 4.`,
  ].join('\n');
}

/** One line per run, side by side (the runs of several `--starts` values, or both engines). */
export function renderComparison(runs: ContainerRun[]): string {
  const lines = [
    '| engine | VEXIL_CONTAINER_STARTS | ready | refusals | POST → ready p50 / p99 / max | bare single median | p99 ÷ single | bare flood p99 | p99 ÷ flood p99 | left | all done after |',
    '| ------ | ---------------------- | ----- | -------- | ---------------------------- | ------------------ | ------------ | -------------- | --------------- | ---- | -------------- |',
  ];
  for (const run of runs) {
    const ready = readyTimes(run);
    const verdict = verdictOf(run);
    const refused = run.teamStarts.filter((s) => s.status !== 200).length;
    const flood = run.bare.flood?.timesMs ?? [];
    const some = ready.length > 0;
    lines.push(
      `| ${run.provider} | ${run.startsSetting ?? 'unset'} | ${ready.length} of ${run.teams} | ${refused} | ` +
        `${times(ready)} | ${int(median(run.bare.timesMs))} ms | ${some ? `${verdict.ratio.toFixed(1)}×` : 'n/a'} | ` +
        `${flood.length ? `${int(percentile(flood, 99))} ms` : 'n/a'} | ` +
        `${some && flood.length ? `${verdict.floodRatio.toFixed(2)}×` : 'n/a'} | ` +
        `${finalLeft(run).count} | ${run.startsSeconds.toFixed(1)} s |`,
    );
  }
  return lines.join('\n');
}
