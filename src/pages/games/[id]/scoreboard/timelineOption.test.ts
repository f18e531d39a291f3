import { describe, expect, it } from 'vitest';
import type { TopTimeLine } from '@/api/types';
import {
  lineColours,
  seriesPoints,
  timeLabelFormat,
  timelineOption,
  type ChartPalette,
} from './timelineOption';

const palette: ChartPalette = {
  mode: 'dark',
  primary: '#0ea5a4',
  text: '#ffffff',
  secondaryText: 'rgba(255, 255, 255, 0.7)',
  divider: 'rgba(255, 255, 255, 0.12)',
  paper: '#121212',
  fontFamily: 'Inter',
};

const HOUR = 3_600_000;
const start = Date.UTC(2027, 0, 15, 8);
const alpha: TopTimeLine = {
  id: 1,
  name: 'Alpha',
  items: [
    { time: start + HOUR, score: 500 },
    { time: start + 2 * HOUR, score: 1025 },
  ],
};
const beta: TopTimeLine = { id: 2, name: '<b>Beta</b>', items: [] };

const option = (overrides: Partial<Parameters<typeof timelineOption>[0]> = {}) =>
  timelineOption({
    lines: [alpha, beta],
    start,
    until: start + 3 * HOUR,
    palette,
    locale: 'en-US',
    description: 'Score over time',
    points: (score) => `${score} points`,
    ...overrides,
  });

type Series = { name: string; step: string; data: unknown; lineStyle: { width: number } };
const seriesOf = (o: ReturnType<typeof timelineOption>) => o.series as Series[];

describe('timeline series', () => {
  it('steps from 0 at the start through each solve, then holds until now', () => {
    expect(seriesPoints(alpha, start, start + 3 * HOUR)).toEqual([
      [start, 0],
      [start + HOUR, 500],
      [start + 2 * HOUR, 1025],
      [start + 3 * HOUR, 1025],
    ]);
  });

  it('never ends before the last solve (the server clock may be ahead)', () => {
    expect(seriesPoints(alpha, start, start + HOUR).at(-1)).toEqual([start + 2 * HOUR, 1025]);
  });

  it('is flat at 0 for a team without solves', () => {
    expect(seriesPoints(beta, start, start + HOUR)).toEqual([
      [start, 0],
      [start + HOUR, 0],
    ]);
  });
});

describe('timelineOption', () => {
  it('draws one step line per team over the game’s time', () => {
    const o = option();
    expect(seriesOf(o).map((s) => [s.name, s.step])).toEqual([
      ['Alpha', 'end'],
      ['<b>Beta</b>', 'end'],
    ]);
    expect(o.xAxis).toMatchObject({ type: 'time', min: start, max: start + 3 * HOUR });
    expect(o.aria).toMatchObject({ enabled: true, label: { description: 'Score over time' } });
  });

  it('reaches the latest solve at once, even past "now" of the last clock tick', () => {
    const o = option({ until: start + HOUR + 1 });
    expect(o.xAxis).toMatchObject({ min: start, max: start + 2 * HOUR });
    expect((seriesOf(o)[0].data as unknown[]).at(-1)).toEqual([start + 2 * HOUR, 1025]);
  });

  it('draws the caller’s team thicker', () => {
    const widths = seriesOf(option({ highlightId: 2 })).map((s) => s.lineStyle.width);
    expect(widths[1]).toBeGreaterThan(widths[0]);
  });

  it('takes its colours from the theme', () => {
    const o = option();
    expect((o.color as string[])[0]).toBe('#0ea5a4');
    expect(lineColours({ ...palette, mode: 'light' })).not.toEqual(lineColours(palette));
    expect(o.tooltip).toMatchObject({ backgroundColor: '#121212' });
    expect(o.textStyle).toMatchObject({ color: '#ffffff', fontFamily: 'Inter' });
  });

  it('lists the teams in the tooltip by score, with names escaped', () => {
    const { formatter } = option().tooltip as { formatter: (params: unknown) => string };
    const html = formatter([
      { seriesName: '<b>Beta</b>', marker: '•', value: [start + HOUR, 0] },
      { seriesName: 'Alpha', marker: '•', value: [start + HOUR, 500] },
    ]);
    expect(html).toContain('&lt;b&gt;Beta&lt;/b&gt;');
    expect(html).not.toContain('<b>Beta');
    expect(html.indexOf('Alpha')).toBeLessThan(html.indexOf('Beta'));
    expect(html).toContain('500 points');
    expect(html).toContain('Jan 15, 2027');
  });

  it('names the time zone of its times: on the axis and in the tooltip (issue 23)', () => {
    const o = option();
    expect((o.xAxis as { name: string }).name).toMatch(/^UTC([+-]\d\d:\d\d)?$/);
    const { formatter } = o.tooltip as { formatter: (params: unknown) => string };
    const html = formatter([{ seriesName: 'Alpha', marker: '•', value: [start + HOUR, 500] }]);
    expect(html).toMatch(/(UTC|GMT)/);
  });

  it('labels the axis with the date only for games longer than a day and a half', () => {
    expect(timeLabelFormat(3 * HOUR)).not.toHaveProperty('day');
    expect(timeLabelFormat(48 * HOUR)).toHaveProperty('day');
  });
});
