import { describe, expect, it } from 'vitest';
import { fakeApi, problem } from '@/test/apiMock';
import { buildProfile, buildUser } from '@/test/builders';
import { HttpError } from '@/api/errors';
import { dataProvider, pageOf } from './dataProvider';

const users = Array.from({ length: 40 }, () => buildUser());
const envelope = <T>(data: T[], total = data.length) => ({ data, length: data.length, total });
const sort = { field: 'id', order: 'ASC' as const };

describe('dataProvider: users', () => {

  it('getList pages with count/skip and reads the {data, length, total} envelope', async () => {
    fakeApi.on('GET', '/api/admin/users', 200, envelope(users.slice(25, 40), 1234));
    const result = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 25 },
      sort,
      filter: {},
    });
    expect(result.total).toBe(1234);
    expect(result.data.map((u) => u.id)).toEqual(users.slice(25, 40).map((u) => u.id));
    const [request] = fakeApi.requests('GET', '/api/admin/users');
    expect(Object.fromEntries(request.query)).toEqual({ skip: '25', count: '25' });
  });

  it('keeps pages within the API limit of 500', () => {
    expect(pageOf({ page: 3, perPage: 1000 }, 500)).toEqual({ skip: 1000, count: 500 });
    expect(pageOf(undefined, 500)).toEqual({ skip: 0, count: 25 });
  });

  it('getList with a search box POSTs the hint and pages the matches the same way', async () => {
    fakeApi.on('POST', '/api/admin/users/search', 200, envelope(users.slice(0, 30)));
    const result = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 25 },
      sort,
      filter: { q: '  user1 ' },
    });
    expect(result.total).toBe(30);
    expect(result.data).toHaveLength(5);
    expect(result.data[0].id).toBe(users[25].id);
    const [request] = fakeApi.requests('POST', '/api/admin/users/search');
    expect(request.query.get('hint')).toBe('user1');
    expect(request.body).toBeUndefined();
  });

  it('getOne reads the profile and completes it from the search by id', async () => {
    const listed = users[3];
    fakeApi.on(
      'GET',
      `/api/admin/users/${listed.id}`,
      200,
      buildProfile({ userId: listed.id, userName: 'renamed', role: 'Monitor' }),
    );
    fakeApi.on('POST', '/api/admin/users/search', 200, envelope([users[13], listed]));
    const { data } = await dataProvider.getOne('users', { id: listed.id });
    expect(data).toMatchObject({
      id: listed.id,
      userName: 'renamed',
      role: 'Monitor',
      emailConfirmed: listed.emailConfirmed,
      registerTimeUtc: listed.registerTimeUtc,
      ip: listed.ip,
    });
    expect(data).not.toHaveProperty('userId');
    expect(fakeApi.requests('POST', '/api/admin/users/search')[0].query.get('hint')).toBe(
      listed.id,
    );
  });

  it('getOne turns a 404 into an HttpError with the title', async () => {
    fakeApi.on('GET', '/api/admin/users/nope', 404, problem(404, 'No such user'));
    await expect(dataProvider.getOne('users', { id: 'nope' })).rejects.toMatchObject({
      message: 'No such user',
      status: 404,
    });
  });

  it('update PUTs only the fields that changed', async () => {
    fakeApi.on('PUT', `/api/admin/users/${users[0].id}`, 200);
    const previousData = users[0];
    const { data } = await dataProvider.update('users', {
      id: previousData.id,
      data: { ...previousData, role: 'Banned', realName: '', ip: '1.2.3.4' },
      previousData,
    });
    expect(fakeApi.requests('PUT', `/api/admin/users/${users[0].id}`)[0].body).toEqual({
      role: 'Banned',
      realName: '',
    });
    expect(data).toMatchObject({ id: previousData.id, role: 'Banned', realName: '' });
  });

  it('update rejects with the server title (a 400 shows as a notification)', async () => {
    fakeApi.on('PUT', `/api/admin/users/${users[0].id}`, 400, problem(400, 'Name taken'));
    const failure = dataProvider.update('users', {
      id: users[0].id,
      data: { userName: 'bob' },
      previousData: users[0],
    });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toThrow('Name taken');
  });

  it('create POSTs the batch as an array, empty optional cells as null', async () => {
    fakeApi.on('POST', '/api/admin/users', 200);
    const { data } = await dataProvider.create('users', {
      data: {
        users: [
          {
            userName: ' alice ',
            email: 'a@x.io',
            password: 'Passw0rd',
            realName: '',
            teamName: 'Red',
          },
          { userName: 'bob', email: 'b@x.io', password: 'Passw0rd', phone: null },
        ],
      },
    });
    expect(fakeApi.requests('POST', '/api/admin/users')[0].body).toEqual([
      {
        userName: 'alice',
        email: 'a@x.io',
        password: 'Passw0rd',
        realName: null,
        stdNumber: null,
        phone: null,
        teamName: 'Red',
      },
      {
        userName: 'bob',
        email: 'b@x.io',
        password: 'Passw0rd',
        realName: null,
        stdNumber: null,
        phone: null,
        teamName: null,
      },
    ]);
    expect(data).toMatchObject({ count: 2 });
    expect(data.id).toBeTruthy();
  });

  it('delete and deleteMany call DELETE per id', async () => {
    for (const user of users.slice(0, 3)) fakeApi.on('DELETE', `/api/admin/users/${user.id}`, 200);
    const { data } = await dataProvider.delete('users', {
      id: users[0].id,
      previousData: users[0],
    });
    expect(data).toBe(users[0]);
    const many = await dataProvider.deleteMany('users', { ids: [users[1].id, users[2].id] });
    expect(many.data).toEqual([users[1].id, users[2].id]);
    expect(fakeApi.requests('DELETE').map((r) => r.path)).toEqual(
      users.slice(0, 3).map((u) => `/api/admin/users/${u.id}`),
    );
  });

  it('resetUserPassword returns the new password', async () => {
    fakeApi.on('DELETE', `/api/admin/users/${users[0].id}/password`, 200, 'aB3$kL9!mN2@pQ5x');
    await expect(dataProvider.resetUserPassword(users[0].id)).resolves.toBe('aB3$kL9!mN2@pQ5x');
  });

  it('refuses resources that are not in the route table', async () => {
    await expect(dataProvider.getOne('teams', { id: 1 })).rejects.toMatchObject({ status: 404 });
    await expect(dataProvider.getOne('toString', { id: 1 })).rejects.toMatchObject({
      status: 404,
    });
  });
});
