import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ChallengeView } from './ChallengeView';

const base = { title: 'Stack', category: 'Pwn' as const, score: 873, content: '' };

describe('ChallengeView', () => {
  it('shows the title, category chip and score', () => {
    render(<ChallengeView {...base} />);
    expect(screen.getByRole('article', { name: 'Stack' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Stack' })).toBeTruthy();
    expect(screen.getByText('Pwn')).toBeTruthy();
    expect(screen.getByText('873 pts')).toBeTruthy();
    expect(screen.getByText('No description')).toBeTruthy();
  });

  it('says so when the score is unknown', () => {
    render(<ChallengeView {...base} score={undefined} />);
    expect(screen.getByText('— pts')).toBeTruthy();
  });

  it('renders the description as sanitised Markdown', () => {
    const { container } = render(
      <ChallengeView
        {...base}
        content={
          '## Goal\n\nRead **flag.txt**<script>window.pwned = 1</script><img src="x" onerror="alert(1)">'
        }
      />,
    );
    expect(screen.getByRole('heading', { name: 'Goal' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('flag.txt');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('lists the hints that are not blank', () => {
    render(<ChallengeView {...base} hints={['Look at the stack', ' ', 'Mind the canary']} />);
    const hints = screen.getByRole('region', { name: 'Hints' });
    expect(hints.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('Mind the canary')).toBeTruthy();
  });

  it('hides the hints section without hints', () => {
    render(<ChallengeView {...base} hints={['']} />);
    expect(screen.queryByRole('region', { name: 'Hints' })).toBeNull();
  });

  it('links a local file by its name, with its size', () => {
    render(
      <ChallengeView
        {...base}
        attachment={{
          type: 'Local',
          url: `/assets/${'a'.repeat(64)}/stack%20v2.zip`,
          fileSize: 2048,
        }}
      />,
    );
    const link = screen.getByRole('link', { name: 'stack v2.zip' });
    expect(link.getAttribute('href')).toBe(`/assets/${'a'.repeat(64)}/stack%20v2.zip`);
    expect(screen.getByText('2 KB')).toBeTruthy();
  });

  it('downloads a local file in the page when asked to, and still links a remote one', () => {
    const onDownload = vi.fn();
    const url = `/assets/${'b'.repeat(64)}/dump.bin`;
    const { rerender } = render(
      <ChallengeView {...base} attachment={{ type: 'Local', url, onDownload }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'dump.bin' }));
    expect(onDownload).toHaveBeenCalledWith(url, 'dump.bin');
    rerender(
      <ChallengeView
        {...base}
        attachment={{ type: 'Remote', url: 'https://files.example.com/a.zip', onDownload }}
      />,
    );
    expect(screen.getByRole('link', { name: 'a.zip' })).toBeTruthy();
  });

  it('links a remote file', () => {
    render(
      <ChallengeView
        {...base}
        attachment={{ type: 'Remote', url: 'https://files.example.com/dist/stack.tar.gz' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'stack.tar.gz' }).getAttribute('href')).toBe(
      'https://files.example.com/dist/stack.tar.gz',
    );
  });

  it('explains a per-team file it cannot link, and a missing one', () => {
    const { rerender } = render(
      <ChallengeView
        {...base}
        attachment={{ type: 'Local', url: null, perTeam: true, name: 'dump.bin' }}
      />,
    );
    expect(screen.getByText('Each team downloads its own file, named dump.bin.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<ChallengeView {...base} attachment={{ type: 'Local', url: null }} />);
    expect(screen.getByText('The attachment is missing')).toBeTruthy();
  });

  it('shows no attachment for None, and renders its children', () => {
    render(
      <ChallengeView {...base} attachment={{ type: 'None', url: null }}>
        <button type="button">Submit</button>
      </ChallengeView>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });
});
