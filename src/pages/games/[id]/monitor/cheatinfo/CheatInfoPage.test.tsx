import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildCheatInfo, buildGameEvent } from '@/test/builders';
import {
  GAME_ID,
  monitorHub,
  renderMonitor,
  startMonitoring,
} from '@/pages/games/[id]/monitor/monitorTestKit';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const path = `/api/game/${GAME_ID}/cheatinfo`;
const render = () => renderMonitor(`/games/${GAME_ID}/monitor/cheatinfo`);
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Detected flag sharing' }))
    .getAllByRole('row')
    .slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .slice(1)
    .map((cell) => cell.textContent);

describe('CheatInfoPage', () => {
  beforeEach(() => startMonitoring());

  it('lists each detection, newest first: who sent whose flag for what', async () => {
    const older = buildCheatInfo({ submitter: 'Team A', owner: 'Team B', answer: 'flag{b}' });
    const newer = buildCheatInfo({
      submitter: 'Team C',
      owner: 'Team A',
      answer: 'flag{a}',
      user: 'carol',
      challenge: 'Pwn 1',
    });
    fakeApi.on('GET', path, 200, [older, newer]);
    render();
    await screen.findByText('flag{a}');
    expect(bodyRows().map(cellsOf)).toEqual([
      ['Team C', 'carol', 'Team A', 'Pwn 1', 'flag{a}'],
      ['Team A', 'alice', 'Team B', 'Web 1', 'flag{b}'],
    ]);
    expect(screen.getByText('2 detections · 2 submitting teams')).toBeTruthy();
  });

  it('says when nobody shared a flag', async () => {
    fakeApi.on('GET', path, 200, []);
    render();
    expect(await screen.findByText("No team has submitted another team's flag.")).toBeTruthy();
    expect(screen.queryByText(/detection/)).toBeNull();
  });

  it("shows the server's refusal with a retry", async () => {
    fakeApi.on('GET', path, 400, problem(400, 'The game has not started'));
    render();
    expect(await screen.findByText('The cheat reports could not be loaded')).toBeTruthy();
    expect(screen.getByText('The game has not started')).toBeTruthy();
    fakeApi.on('GET', path, 200, []);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText("No team has submitted another team's flag.")).toBeTruthy();
  });

  it('reads the list again when a cheat is detected, not on other events', async () => {
    fakeApi.on('GET', path, 200, []);
    render();
    await screen.findByText("No team has submitted another team's flag.");
    await waitFor(() => expect(monitorHub()).toBeTruthy());
    const reads = () => fakeApi.requests('GET', path).length;
    const before = reads();
    monitorHub().push('ReceivedGameEvent', { ...buildGameEvent(), time: '2027-01-15T08:00:00Z' });
    fakeApi.on('GET', path, 200, [buildCheatInfo({ answer: 'flag{caught}' })]);
    expect(reads()).toBe(before);
    monitorHub().push('ReceivedGameEvent', {
      ...buildGameEvent({ type: 'CheatDetected', values: ['Web 1', 'Team A', 'Team B'] }),
      time: '2027-01-15T08:00:01Z',
    });
    expect(await screen.findByText('flag{caught}')).toBeTruthy();
    expect(reads()).toBe(before + 1);
  });
});
