import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorBoundary';
import { cleanCache } from './ErrorScreen';

let broken = true;
function Flaky() {
  if (broken) throw new Error('Kaboom');
  return <p>Recovered</p>;
}

describe('ErrorBoundary', () => {
  it('shows the error screen, and "Try again" renders the children again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Kaboom');
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByLabelText('Stack trace').textContent).toContain('Flaky');

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Recovered')).toBeTruthy();
  });
});

describe('cleanCache', () => {
  it('removes local storage and reloads', () => {
    localStorage.setItem('colorScheme', 'light');
    const reload = vi.fn();
    cleanCache(reload);
    expect(localStorage.length).toBe(0);
    expect(reload).toHaveBeenCalledOnce();
  });
});
