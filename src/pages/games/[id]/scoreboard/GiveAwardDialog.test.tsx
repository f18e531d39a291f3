import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScoreboardRow } from '@/api/types';
import { TeamAwards } from '@/components/scoreboard/TeamAwards';
import { fakeApi } from '@/test/apiMock';
import { fill, submit } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import { GiveAwardDialog } from './GiveAwardDialog';

const team = { id: 7, name: 'Laurels' } as ScoreboardRow;

describe('awards on the board', () => {
  it('lists a team’s awards with their reason and points, and nothing without one', () => {
    const { container, rerender } = renderWithProviders(
      <TeamAwards
        awards={[
          { id: 1, value: 150, reason: 'Best writeup', time: Date.UTC(2026, 10, 29, 10) },
          { id: 2, value: -50, reason: 'Brute force', time: Date.UTC(2026, 10, 29, 11) },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Awards' });
    expect(region.textContent).toContain('Best writeup');
    expect(region.textContent).toContain('+150 points');
    expect(region.textContent).toContain('−50 points');
    rerender(<TeamAwards awards={undefined} />);
    expect(container.querySelector('section')).toBeNull();
  });

  it('gives an award from the team’s card: refuses 0, then sends the points and the reason', async () => {
    const onClose = vi.fn();
    fakeApi.on('POST', '/api/edit/games/3/awards', 200, {});
    renderWithProviders(<GiveAwardDialog gameId={3} team={team} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Give Laurels an award' });
    fill('Points', '0');
    fill('Reason', '  Bug report ');
    await submit('Give');
    await waitFor(() => expect(dialog.textContent).toContain('Enter a number other than 0'));
    expect(fakeApi.requests('POST')).toHaveLength(0);

    fill('Points', '-25');
    await submit('Give');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = fakeApi.requests('POST', '/api/edit/games/3/awards');
    expect(sent.body).toEqual({ teamId: 7, value: -25, reason: 'Bug report' });
  });
});
