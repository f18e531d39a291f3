import { describe, expect, it } from 'vitest';
import type { Award } from '@/api/types';
import { fakeApi } from '@/test/apiMock';
import { awardBody, awardRoutes, newestFirst } from './awardRoutes';

const award = (id: number, time: number): Award => ({
  id,
  gameId: 3,
  teamId: 7,
  teamName: 'Laurels',
  participationId: 9,
  value: 10,
  reason: 'Writeup',
  time,
  givenBy: 'admin',
  createdAt: time,
  updatedAt: time,
});

describe('awardRoutes', () => {
  it('lists a game’s awards newest first (then by id)', async () => {
    expect(newestFirst([award(1, 10), award(3, 30), award(2, 30)]).map((a) => a.id)).toEqual([
      3, 2, 1,
    ]);
    fakeApi.on('GET', '/api/game/3/awards', 200, [award(1, 10), award(2, 20)]);
    const page = await awardRoutes.list({ skip: 0, count: 25 }, { gameId: 3 });
    expect(page.data.map((a) => a.id)).toEqual([2, 1]);
    expect(page.total).toBe(2);
  });

  it('sends only the model’s fields: a whole record read back gives no id or team name', async () => {
    expect(
      awardBody({ ...award(1, 5), teamId: '7' as unknown as number, value: '-20' as unknown as number }),
    ).toEqual({ teamId: 7, value: -20, reason: 'Writeup', time: 5 });
    expect(awardBody({ teamId: 7, value: 5, reason: 'Now' })).toEqual({
      teamId: 7,
      value: 5,
      reason: 'Now',
      time: null,
    });
    fakeApi.on('PUT', '/api/edit/games/3/awards/1', 200, award(1, 5));
    await awardRoutes.update(1, { ...award(1, 5), time: null as unknown as number }, { gameId: 3 });
    const [sent] = fakeApi.requests('PUT', '/api/edit/games/3/awards/1');
    expect(sent.body).toEqual({ teamId: 7, value: 10, reason: 'Writeup' });
  });
});
