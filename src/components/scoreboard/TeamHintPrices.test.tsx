import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TeamHintPrices } from './TeamHintPrices';

describe('TeamHintPrices', () => {
  it('says how many hints the team bought and what they took', () => {
    render(
      <TeamHintPrices
        hintPrices={[
          { value: -100, time: 1 },
          { value: -30, time: 2 },
        ]}
      />,
    );
    expect(screen.getByText('2 hints bought (−130 points)')).toBeTruthy();
  });

  it('uses the singular for one hint', () => {
    render(<TeamHintPrices hintPrices={[{ value: -5, time: 1 }]} />);
    expect(screen.getByText('1 hint bought (−5 points)')).toBeTruthy();
  });

  it('shows nothing for a team that paid for no hint', () => {
    const { container } = render(<TeamHintPrices hintPrices={undefined} />);
    expect(container.textContent).toBe('');
  });
});
