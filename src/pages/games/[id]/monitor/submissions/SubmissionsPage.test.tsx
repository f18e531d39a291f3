import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildMonitorSubmission } from '@/test/builders';
import {
  GAME_ID,
  monitorHub,
  renderMonitor,
  startMonitoring,
} from '@/pages/games/[id]/monitor/monitorTestKit';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const path = `/api/game/${GAME_ID}/submissions`;
const render = () => renderMonitor(`/games/${GAME_ID}/monitor/submissions`);
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Submissions' }))
    .getAllByRole('row')
    .slice(1);
const lastQuery = () => Object.fromEntries(fakeApi.requests('GET', path).at(-1)!.query);

async function chooseResult(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Result' }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: label }));
}

describe('SubmissionsPage', () => {
  beforeEach(() => startMonitoring());
  afterEach(() => vi.restoreAllMocks());

  it('lists submissions with their result', async () => {
    fakeApi.on('GET', path, 200, [
      buildMonitorSubmission({ status: 'Accepted', answer: 'flag{ok}', team: 'Team B' }),
      buildMonitorSubmission({ status: 'CheatDetected', answer: 'flag{theirs}' }),
      buildMonitorSubmission({ status: 'NotFound', answer: 'flag{gone}', user: 'carol' }),
    ]);
    render();
    await screen.findByText('flag{ok}');
    const cells = bodyRows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['Team B', 'alice', 'Web 1', 'flag{ok}', 'Accepted'],
      ['Team A', 'alice', 'Web 1', 'flag{theirs}', 'Cheat detected'],
      ['Team A', 'carol', 'Web 1', 'flag{gone}', 'Not found'],
    ]);
    expect(lastQuery()).toEqual({ count: '51', skip: '0' });
  });

  it('says when there are none, and when none has the chosen result', async () => {
    fakeApi.on('GET', path, 200, []);
    render();
    expect(await screen.findByText('No submissions yet.')).toBeTruthy();
    await chooseResult('Cheat detected');
    expect(await screen.findByText('No submissions with this result.')).toBeTruthy();
    expect(lastQuery()).toEqual({ count: '51', skip: '0', type: 'CheatDetected' });
    await chooseResult('All results');
    await waitFor(() => expect(lastQuery()).toEqual({ count: '51', skip: '0' }));
  });

  it("shows the server's refusal", async () => {
    fakeApi.on('GET', path, 403, problem(403, 'Access denied'));
    render();
    expect(await screen.findByText('The submissions could not be loaded')).toBeTruthy();
    expect(screen.getByText('Access denied')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('puts live submissions on top when they have the chosen result', async () => {
    fakeApi.on('GET', path, 200, [buildMonitorSubmission({ status: 'Accepted', answer: 'old' })]);
    render();
    await screen.findByText('old');
    await chooseResult('Accepted');
    await waitFor(() => expect(lastQuery().type).toBe('Accepted'));
    await waitFor(() => expect(screen.getByText('Live')).toBeTruthy());
    const push = (answer: string, status: 'Accepted' | 'WrongAnswer') =>
      monitorHub().push('ReceivedSubmissions', {
        ...buildMonitorSubmission({ answer, status }),
        time: '2027-01-15T08:30:00Z',
      });
    push('flag{wrong}', 'WrongAnswer');
    push('flag{right}', 'Accepted');
    await waitFor(() => expect(within(bodyRows()[0]).queryByText('flag{right}')).not.toBeNull());
    expect(screen.queryByText('flag{wrong}')).toBeNull();
    // the same submission again (read and pushed) is shown once
    push('flag{right}', 'Accepted');
    expect(screen.getAllByText('flag{right}')).toHaveLength(1);
  });

  it('downloads the whole log as a spreadsheet', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:sheet');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fakeApi.on('GET', path, 200, []);
    fakeApi.on('GET', `/api/game/${GAME_ID}/submissionsheet`, {
      status: 200,
      body: 'xlsx bytes',
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': 'attachment; filename="Spring_Submissions.xlsx"',
      },
    });
    render();
    await screen.findByText('No submissions yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Download all (xlsx)' }));
    expect(await screen.findByText('Download complete')).toBeTruthy();
    expect(saved).toEqual(['Spring_Submissions.xlsx']);
  });

  it('reports a refused download', async () => {
    fakeApi.on('GET', path, 200, []);
    fakeApi.on(
      'GET',
      `/api/game/${GAME_ID}/submissionsheet`,
      400,
      problem(400, 'The game has not started'),
    );
    render();
    await screen.findByText('No submissions yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Download all (xlsx)' }));
    expect(await screen.findByText('Download failed')).toBeTruthy();
    expect(screen.getByText('The game has not started')).toBeTruthy();
  });
});
