import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { fakeHubs } from '@/test/fakeHub';
import { buildLog } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { ADMIN_HUB_PATH, RECEIVED_LOG } from '@/console/adminHubConnection';
import { LogList } from './LogList';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const LOGS = '/api/admin/logs';
const renderList = () =>
  renderConsole(<LogList />, { route: '/logs', path: '/logs', resource: 'logs' });
const queryOf = (index = -1) => Object.fromEntries(fakeApi.requests('GET', LOGS).at(index)!.query);
const rows = () => screen.getAllByRole('row').slice(1);
const hubTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

async function whenLive() {
  await waitFor(() => expect(screen.getByText('Live')).toBeTruthy());
}

describe('LogList', () => {
  beforeEach(() => {
    fakeHubs.reset();
  });

  it('shows the newest entries with level, user, address, message and status', async () => {
    fakeApi.on('GET', LOGS, 200, [
      buildLog({ level: 'Error', name: 'bob', ip: '10.9.9.9', msg: 'Boom\n  at line 1' }),
      buildLog({ level: 'Information', name: 'alice', status: null, msg: 'Signed in' }),
    ]);
    renderList();
    expect(await screen.findByText('bob')).toBeTruthy();
    const [first, second] = rows();
    expect(within(first).getByText('Error')).toBeTruthy();
    expect(within(first).getByText('10.9.9.9')).toBeTruthy();
    expect(within(first).getByText(/Boom/).textContent).toBe('Boom\n  at line 1');
    expect(within(first).getByText('Success')).toBeTruthy();
    expect(within(second).getByText('Information')).toBeTruthy();
    expect(within(second).getByText('Signed in')).toBeTruthy();
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
    expect(queryOf()).toEqual({ level: 'All', skip: '0', count: '51' });
  });

  it('says so when the log is empty', async () => {
    fakeApi.on('GET', LOGS, 200, []);
    renderList();
    expect(await screen.findByText('No log entries.')).toBeTruthy();
  });

  it('shows only the loading table while the first page loads', async () => {
    const release = fakeApi.hold('GET', LOGS, 200, [buildLog({ msg: 'Late line' })]);
    const { container } = renderList();
    await waitFor(() => expect(container.querySelector('table')).not.toBeNull());
    expect(screen.queryByText('No log entries.')).toBeNull();
    release();
    expect(await screen.findByText('Late line')).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    // react-admin logs every failed data request in development; this failure is the test's own.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.on('GET', LOGS, 500, problem(500, 'Log store unavailable'));
    renderList();
    expect(await screen.findByText('Log store unavailable')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }));
    logged.mockRestore();
    fakeApi.on('GET', LOGS, 200, [buildLog({ msg: 'Back again' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });

  it('pages without a count: one entry more than the page tells a next page exists', async () => {
    // 25 is the smallest page size the pagination offers (a smaller one is out of its range).
    const page = Array.from({ length: 26 }, (_, i) => buildLog({ time: 2000 - i, msg: `#${i}` }));
    fakeApi.on('GET', LOGS, ({ query }) => ({
      status: 200,
      body: query.get('skip') === '0' ? page : [buildLog({ msg: 'The oldest' })],
    }));
    renderConsole(<LogList />, { route: '/logs?perPage=25', path: '/logs', resource: 'logs' });
    expect(await screen.findByText('1-25 of more than 25')).toBeTruthy();
    expect(queryOf()).toEqual({ level: 'All', skip: '0', count: '26' });
    expect(screen.queryByText('#25')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('The oldest')).toBeTruthy();
    expect(queryOf()).toEqual({ level: 'All', skip: '25', count: '26' });
    expect(screen.getByText('26-26 of 26')).toBeTruthy();
    expect(screen.getByText('New entries appear on the first page')).toBeTruthy();
  });

  it('asks the server for the chosen level', async () => {
    fakeApi.on('GET', LOGS, 200, [buildLog()]);
    renderList();
    await screen.findByText('alice');
    fireEvent.click(screen.getByRole('button', { name: 'Warning' }));
    await waitFor(() => expect(queryOf().level).toBe('Warning'));
    expect(screen.getByRole('button', { name: 'Warning' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // back to All within the 2 s dedupe window: the first answer is reused, not asked again
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(await screen.findByText('alice')).toBeTruthy();
  });

  it('puts entries pushed over the admin hub on top of the first page', async () => {
    fakeApi.on('GET', LOGS, 200, [buildLog({ time: 1000, msg: 'Stored line' })]);
    renderList();
    await screen.findByText('Stored line');
    await whenLive();
    fakeHubs.last(ADMIN_HUB_PATH)!.push(RECEIVED_LOG, {
      ...buildLog({ msg: 'Pushed line', level: 'Warning', name: 'carol' }),
      time: hubTime(5000),
    });
    await waitFor(() => expect(within(rows()[0]).getByText('Pushed line')).toBeTruthy());
    expect(within(rows()[1]).getByText('Stored line')).toBeTruthy();
    expect(fakeApi.requests('GET', LOGS)).toHaveLength(1);
  });

  it('leaves out pushed entries of other levels than the chosen one', async () => {
    fakeApi.on('GET', LOGS, 200, [buildLog({ level: 'Error', msg: 'Stored error' })]);
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Error' }));
    await waitFor(() => expect(queryOf().level).toBe('Error'));
    await whenLive();
    fakeHubs
      .last(ADMIN_HUB_PATH)!
      .push(RECEIVED_LOG, { ...buildLog({ msg: 'Routine' }), time: hubTime(9) });
    fakeHubs.last(ADMIN_HUB_PATH)!.push(RECEIVED_LOG, {
      ...buildLog({ msg: 'Failure', level: 'Error' }),
      time: hubTime(10),
    });
    expect(await screen.findByText('Failure')).toBeTruthy();
    expect(screen.queryByText('Routine')).toBeNull();
  });

  it('holds pushed entries back while paused, and shows them on resume', async () => {
    fakeApi.on('GET', LOGS, 200, [buildLog({ msg: 'Stored line' })]);
    renderList();
    await screen.findByText('Stored line');
    await whenLive();
    fireEvent.click(screen.getByRole('button', { name: 'Pause live updates' }));
    expect(screen.getByText('Paused')).toBeTruthy();
    fakeHubs.last(ADMIN_HUB_PATH)!.push(RECEIVED_LOG, {
      ...buildLog({ msg: 'While paused' }),
      time: hubTime(7),
    });
    expect(screen.getByText('1 new entry waiting')).toBeTruthy();
    expect(screen.queryByText('While paused')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume live updates' }));
    expect(await screen.findByText('While paused')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('shows a lost hub connection, and reads the page again once it is back', async () => {
    fakeApi.on('GET', LOGS, 200, [buildLog()]);
    renderList();
    await whenLive();
    fakeHubs.last(ADMIN_HUB_PATH)!.drop();
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    fakeHubs.last(ADMIN_HUB_PATH)!.regain();
    await waitFor(() => expect(fakeApi.requests('GET', LOGS)).toHaveLength(2));
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('closes the hub connection when the page closes', async () => {
    fakeApi.on('GET', LOGS, 200, []);
    const { unmount } = renderList();
    await whenLive();
    unmount();
    expect(fakeHubs.last(ADMIN_HUB_PATH)!.stops).toBe(1);
  });
});
