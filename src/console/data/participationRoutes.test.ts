import { describe, expect, it } from 'vitest';
import { fakeApi, problem } from '@/test/apiMock';
import { buildParticipation } from '@/test/builders';
import { dataProvider } from './dataProvider';

const sort = { field: 'id', order: 'ASC' as const };
const meta = { gameId: 3 };

describe('dataProvider: participations', () => {

  it('getList reads every registration of the game and pages it here', async () => {
    const all = [buildParticipation(), buildParticipation(), buildParticipation()];
    fakeApi.on('GET', '/api/game/3/participations', 200, all);
    const result = await dataProvider.getList('participations', {
      pagination: { page: 2, perPage: 2 },
      sort,
      filter: {},
      meta,
    });
    expect(result.total).toBe(3);
    expect(result.data.map((p) => p.id)).toEqual([all[2].id]);
  });

  it('getOne finds the registration in the game’s list, or answers 404', async () => {
    const [first, second] = [buildParticipation(), buildParticipation({ status: 'Accepted' })];
    fakeApi.on('GET', '/api/game/3/participations', 200, [first, second]);
    const { data } = await dataProvider.getOne('participations', { id: second.id, meta });
    expect(data).toEqual(second);
    await expect(
      dataProvider.getOne('participations', { id: 999_999, meta }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('update sends the status to the admin route and keeps the rest of the record', async () => {
    const pending = buildParticipation();
    fakeApi.on('PUT', `/api/admin/participation/${pending.id}`, 200);
    const { data } = await dataProvider.update('participations', {
      id: pending.id,
      data: { status: 'Suspended' },
      previousData: pending,
      meta,
    });
    expect(fakeApi.requests('PUT')[0].body).toEqual({ status: 'Suspended' });
    expect(data).toEqual({ ...pending, status: 'Suspended' });
  });

  it('passes the server’s error on and refuses a missing game id', async () => {
    fakeApi.on('GET', '/api/game/3/participations', 404, problem(404, 'The game was not found'));
    await expect(
      dataProvider.getList('participations', {
        pagination: { page: 1, perPage: 5 },
        sort,
        filter: {},
        meta,
      }),
    ).rejects.toMatchObject({ message: 'The game was not found', status: 404 });
    await expect(
      dataProvider.getList('participations', {
        pagination: { page: 1, perPage: 5 },
        sort,
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(fakeApi.requests()).toHaveLength(1);
  });
});
