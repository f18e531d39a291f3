import { describe, expect, it } from 'vitest';
import { submissionChartOption } from './submissionChartOption';

describe('submissionChartOption', () => {
  it('draws one bar per minute with its count, labelled in the interface language', () => {
    const minute = Date.UTC(2026, 0, 1, 9, 5);
    const option = submissionChartOption({
      series: [
        { minute, count: 0 },
        { minute: minute + 60_000, count: 4 },
      ],
      colour: '#123456',
      textColour: '#999999',
      locale: 'en-US',
      description: 'Submissions per minute',
    });
    const [bars] = option.series as { type: string; data: number[] }[];
    expect(bars).toMatchObject({ type: 'bar', data: [0, 4], itemStyle: { color: '#123456' } });
    const axis = option.xAxis as { data: string[] };
    expect(axis.data).toHaveLength(2);
    expect(axis.data[1]).toMatch(/\d\d:06/);
    // the times are the browser's: the axis names the zone (issue 23)
    expect((option.xAxis as { name: string }).name).toMatch(/^UTC([+-]\d\d:\d\d)?$/);
    expect(option.aria).toMatchObject({
      enabled: true,
      label: { description: 'Submissions per minute' },
    });
  });
});
