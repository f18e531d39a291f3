import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { StartQueueStatus } from './StartQueueStatus';

describe('the place of a start in the queue', () => {
  it('is said as an ordinal, by the language’s rules', () => {
    const places = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111];
    const said = places.map((position) => {
      const { unmount } = renderWithProviders(
        <StartQueueStatus start={{ state: 'Queued', position, reason: null }} />,
      );
      const text = screen.getByRole('status').textContent;
      unmount();
      return text?.replace('Queued: ', '').replace(' in line', '');
    });
    expect(said).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });

  it('says why it waits, and that it is starting once taken', () => {
    const { rerender } = renderWithProviders(
      <StartQueueStatus start={{ state: 'Queued', position: 5, reason: null }} />,
    );
    expect(screen.getByText(/start a few at a time/)).toBeTruthy();
    rerender(<StartQueueStatus start={{ state: 'Starting', position: 0, reason: null }} />);
    expect(screen.getByRole('status').textContent).toBe('Starting…');
    expect(screen.queryByText(/start a few at a time/)).toBeNull();
  });
});
