import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import ScoreTimeline from './ScoreTimeline';

/** jsdom lays nothing out and has no canvas: give the chart a size and a text measurer. */
function fakeLayout() {
  const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(640);
  const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
  const context = vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue({ measureText: (text: string) => ({ width: text.length * 7 }) } as never);
  return () => [width, height, context].forEach((spy) => spy.mockRestore());
}

describe('ScoreTimeline', () => {
  let restore: () => void;
  beforeEach(() => (restore = fakeLayout()));
  afterEach(() => restore());

  it('draws each team’s line with a legend, described for screen readers', async () => {
    const start = Date.UTC(2027, 0, 15, 8);
    const { container } = renderWithProviders(
      <ScoreTimeline
        lines={[
          { id: 1, name: 'Alpha', items: [{ time: start + 3_600_000, score: 500 }] },
          { id: 2, name: 'Beta', items: [] },
        ]}
        start={start}
        until={start + 7_200_000}
      />,
    );
    expect(
      await screen.findByRole('img', { name: /Score over time of the top 2 teams/ }),
    ).toBeTruthy();
    await waitFor(() => expect(container.querySelectorAll('svg path').length).toBeGreaterThan(2));
    const texts = [...container.querySelectorAll('svg text')].map((node) => node.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Alpha', 'Beta']));
  });
});
