import { describe, expect, it } from 'vitest';
import { buildPublicGame } from '@/test/builders';
import { groupGames } from '@/components/games/groupGames';

const now = 1_800_000_000_000;
const HOUR = 3_600_000;

describe('groupGames', () => {
  it('puts running games first, then upcoming, then ended, each in its useful order', () => {
    const longRun = buildPublicGame({
      title: 'long run',
      start: now - 9 * HOUR,
      end: now + 9 * HOUR,
    });
    const shortRun = buildPublicGame({ title: 'short run', start: now - HOUR, end: now + HOUR });
    const later = buildPublicGame({ title: 'later', start: now + 5 * HOUR, end: now + 6 * HOUR });
    const soon = buildPublicGame({ title: 'soon', start: now + HOUR, end: now + 2 * HOUR });
    const old = buildPublicGame({ title: 'old', start: now - 50 * HOUR, end: now - 40 * HOUR });
    const recent = buildPublicGame({ title: 'recent', start: now - 5 * HOUR, end: now - 2 * HOUR });
    const groups = groupGames([later, soon, longRun, shortRun, recent, old], now);
    const titles = (list: { title: string }[]) => list.map((game) => game.title);
    expect(titles(groups.running)).toEqual(['short run', 'long run']);
    expect(titles(groups.upcoming)).toEqual(['soon', 'later']);
    expect(titles(groups.ended)).toEqual(['recent', 'old']);
  });

  it('shows a game once when two pages both hold it', () => {
    const game = buildPublicGame();
    expect(groupGames([game, { ...game }], Date.now()).running).toHaveLength(1);
  });
});
