/**
 * The containers bench's figures as markdown: one line per team (what the POST answered, the
 * queue it waited in, when the entry showed and when the service answered, how its destroy went),
 * then the summary beside the bare reference with the issue's targets marked met / not met.
 * Times are from each team's own POST.
 */
import type { ContainerRun } from './scenario.js';
import { median, percentile, tally } from './stats.js';
import type { TeamStart } from './teamStart.js';

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const ms = (n: number | undefined) => (n === undefined ? '–' : int(n));
const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const spread = (values: number[]) =>
  values.length === 0
    ? 'n/a'
    : `${int(percentile(values, 50))} / ${int(percentile(values, 99))} / ${int(Math.max(...values))} ms`;

function answerOf(start: TeamStart): string {
  if (start.status === null) return `no answer (${start.problem ?? 'error'})`;
  if (start.status !== 200)
    return `${start.status} "${start.problem}" in ${ms(start.answerMs ?? 0)}`;
  return `200${start.pending ? ' Pending' : ''} in ${ms(start.answerMs ?? 0)}`;
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

type Row = [string, string, string, string, string, string];

export interface Verdict {
  allReady: boolean;
  ratioMet: boolean;
  noRefusals: boolean;
  noneLeft: boolean;
}

export function verdictOf(run: ContainerRun): Verdict & { ratio: number } {
  const ready = run.teamStarts.filter((s) => s.outcome === 'ready');
  const p99 = percentile(
    ready.map((s) => s.readyMs!),
    99,
  );
  const ratio = p99 / median(run.bare.timesMs);
  const left = run.destroys.leftAfterSettle ?? run.destroys.left;
  return {
    ratio,
    allReady: ready.length === run.teams,
    ratioMet: ready.length > 0 && ratio <= 3,
    noRefusals: run.teamStarts.every((s) => s.status === 200),
    noneLeft: left === 0,
  };
}

export function renderSummary(run: ContainerRun): string {
  const starts = run.teamStarts;
  const ready = starts.filter((s) => s.outcome === 'ready');
  const readyMs = ready.map((s) => s.readyMs!);
  const verdict = verdictOf(run);
  const bareMedian = median(run.bare.timesMs);
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
  const destroys = tally(
    run.destroys.teams.map((d) =>
      d.status === 200 ? '200' : `${d.status ?? 'no answer'} "${d.problem}"`,
    ),
  );
  const destroyMs = run.destroys.teams.filter((d) => d.status === 200).map((d) => d.ms);
  const { left, leftAfterSettle } = run.destroys;
  const server = run.server;
  const rows: Row[] = [
    [
      `teams ready (service answering on its entry) of ${run.teams}`,
      int(ready.length),
      '',
      '',
      `all ${run.teams}`,
      met(verdict.allReady),
    ],
    [
      'refusals (non-200 POST answers), by status and title',
      refused.length === 0
        ? '0'
        : refusals.map(([what, count]) => `${int(count)} × ${what}`).join('; '),
      '',
      '',
      '0',
      met(verdict.noRefusals),
    ],
    [
      'taken (200) but not ready',
      notReady.length === 0 ? '0' : notReady.map(([what, n]) => `${n} × ${what}`).join('; '),
      '',
      '',
      '',
      '',
    ],
    [
      `POST → ready (first bytes on the entry), p50 / p99 / max of the ${int(ready.length)} ready`,
      spread(readyMs),
      `${int(bareMedian)} ms (median of ${run.bare.timesMs.length}: ${run.bare.timesMs.map(int).join(', ')})`,
      ready.length > 0 ? `${verdict.ratio.toFixed(1)}× (p99 ÷ bare median)` : 'n/a',
      '≤ 3×',
      met(verdict.ratioMet),
    ],
    [
      'POST → its answer, p50 / p99 / max (all answers)',
      spread(starts.flatMap((s) => (s.answerMs === null ? [] : [s.answerMs]))),
      '',
      '',
      '',
      '',
    ],
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
      `${destroys.map(([what, n]) => `${n} × ${what}`).join('; ') || 'none'}; ${destroyMs.length ? `${int(median(destroyMs))} / ${int(Math.max(...destroyMs))} ms` : 'n/a'}`,
      '',
      '',
      '',
      '',
    ],
    [
      "left on the engine after the destroys (units with this run's owner label)",
      leftAfterSettle === undefined
        ? int(left)
        : `${int(left)}; ${int(leftAfterSettle)} 10 s later`,
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
  const targetsMet = [
    verdict.allReady,
    verdict.noRefusals,
    verdict.ratioMet,
    verdict.noneLeft,
  ].filter(Boolean).length;
  return [
    `**${run.provider}**, ${run.teams} teams, VEXIL_CONTAINER_STARTS=${run.startsSetting ?? 'unset (server default)'}, ` +
      `${run.database}; ${run.engine}. All POSTs left within ${int(run.burstSpreadMs)} ms; ` +
      `the last team was done ${run.startsSeconds.toFixed(1)} s after the first POST. ` +
      `Bare reference: ${run.bare.what}.`,
    '',
    '| measurement | Vexil | bare | ratio | target | |',
    '| ----------- | ----- | ---- | ----- | ------ | - |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `Targets met: ${targetsMet} of 4.`,
  ].join('\n');
}

/** One line per run, side by side (the runs of several `--starts` values, or both engines). */
export function renderComparison(runs: ContainerRun[]): string {
  const lines = [
    '| engine | VEXIL_CONTAINER_STARTS | ready | refusals | POST → ready p50 / p99 / max | bare median | p99 ÷ bare | left | all done after |',
    '| ------ | ---------------------- | ----- | -------- | ---------------------------- | ----------- | ---------- | ---- | -------------- |',
  ];
  for (const run of runs) {
    const ready = run.teamStarts.filter((s) => s.outcome === 'ready');
    const verdict = verdictOf(run);
    const refused = run.teamStarts.filter((s) => s.status !== 200).length;
    const left = run.destroys.leftAfterSettle ?? run.destroys.left;
    lines.push(
      `| ${run.provider} | ${run.startsSetting ?? 'unset'} | ${ready.length} of ${run.teams} | ${refused} | ` +
        `${spread(ready.map((s) => s.readyMs!))} | ${int(median(run.bare.timesMs))} ms | ` +
        `${ready.length > 0 ? `${verdict.ratio.toFixed(1)}×` : 'n/a'} | ${left} | ${run.startsSeconds.toFixed(1)} s |`,
    );
  }
  return lines.join('\n');
}
