import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildCaptureChallenge, buildCaptureFile, buildCaptureTeam } from '@/test/builders';
import { GAME_ID, renderMonitor, startMonitoring } from '@/pages/games/[id]/monitor/monitorTestKit';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const challengesPath = `/api/game/games/${GAME_ID}/captures`;
const teamsPath = '/api/game/captures/11';
const filesPath = '/api/game/captures/11/7';
const render = (query = '') => renderMonitor(`/games/${GAME_ID}/monitor/traffic${query}`);
const section = (name: string) => within(screen.getByRole('region', { name }));

const files = [
  buildCaptureFile({ fileName: '0a1b2c3d-1.pcap', size: 512 }),
  buildCaptureFile({ fileName: '0a1b2c3d-2.pcap', size: 3_000, updateTime: -62_135_596_800_000 }),
];

/** A game with one recording challenge, one team and its two files. */
function serveCaptures() {
  fakeApi.on('GET', challengesPath, 200, [
    buildCaptureChallenge(),
    buildCaptureChallenge({ id: 12, title: 'Web 9', category: 'Web', isEnabled: false, count: 0 }),
  ]);
  fakeApi.on('GET', teamsPath, 200, [buildCaptureTeam({ division: 'Students' })]);
  fakeApi.on('GET', '/api/game/captures/12', 404, problem(404, 'No captured traffic found'));
  fakeApi.on('GET', filesPath, 200, files);
}

describe('TrafficPage', () => {
  let saved: string[];

  beforeEach(() => {
    startMonitoring();
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:capture');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('says when no challenge records traffic', async () => {
    fakeApi.on('GET', challengesPath, 200, []);
    render();
    expect(await screen.findByText(/No challenge of this game records traffic/)).toBeTruthy();
  });

  it('shows skeletons while loading, and why the challenges could not be read', async () => {
    const release = fakeApi.hold('GET', challengesPath, 403, problem(403, 'Access denied'));
    render();
    await waitFor(() =>
      expect(section('Challenges').getByLabelText('Loading…').getAttribute('aria-busy')).toBe(
        'true',
      ),
    );
    release();
    expect(await screen.findByText('The challenges could not be loaded')).toBeTruthy();
    expect(screen.getByText('Access denied')).toBeTruthy();
  });

  it('goes from a challenge to its teams to their files, keeping the choice in the address', async () => {
    serveCaptures();
    const { location } = render();
    fireEvent.click(await screen.findByRole('button', { name: /Pwn 1/ }));
    expect(section('Challenges').getByText('1 team')).toBeTruthy();
    expect(section('Challenges').getByText('Disabled')).toBeTruthy();
    const team = await section('Teams').findByRole('button', { name: /Team A/ });
    expect(team.textContent).toContain('Students · 2 files');
    fireEvent.click(team);
    expect(await screen.findByText('0a1b2c3d-1.pcap')).toBeTruthy();
    expect(location()).toBe(`/games/${GAME_ID}/monitor/traffic?challenge=11&team=7`);
    const rows = within(screen.getByRole('table', { name: 'Capture files' })).getAllByRole('row');
    expect(within(rows[1]).getByText('512 B')).toBeTruthy();
    expect(within(rows[2]).getByText('3 KB')).toBeTruthy();
    expect(within(rows[2]).getByText('—')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Files of Team A' })).toBeTruthy();
  });

  it('says when a challenge has no captured traffic', async () => {
    serveCaptures();
    render('?challenge=12');
    expect(await screen.findByText('No traffic was captured for this challenge yet.')).toBeTruthy();
  });

  it('downloads one file, or all of them', async () => {
    serveCaptures();
    fakeApi.on('GET', `${filesPath}/0a1b2c3d-1.pcap`, {
      status: 200,
      body: 'pcap',
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    fakeApi.on('GET', `${filesPath}/all`, {
      status: 200,
      body: 'tar',
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Disposition': 'attachment; filename="Capture-11-7.tar.gz"',
      },
    });
    render('?challenge=11&team=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Download 0a1b2c3d-1.pcap' }));
    await waitFor(() => expect(saved).toEqual(['0a1b2c3d-1.pcap']));
    // The file is saved before the download ends: "Download all" stays disabled (busy) until the
    // page has rendered its end, and a click before that is lost.
    const downloadAll = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Download all' });
    await waitFor(() => expect(downloadAll().disabled).toBe(false));
    fireEvent.click(downloadAll());
    await waitFor(() => expect(saved).toEqual(['0a1b2c3d-1.pcap', 'Capture-11-7.tar.gz']));
  });

  it('deletes one file after a confirmation', async () => {
    serveCaptures();
    fakeApi.on('DELETE', `${filesPath}/0a1b2c3d-1.pcap`, 200);
    render('?challenge=11&team=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete 0a1b2c3d-1.pcap' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this capture file?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.requests('DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete 0a1b2c3d-1.pcap' }));
    const reads = fakeApi.requests('GET', filesPath).length;
    fakeApi.on('GET', filesPath, 200, [files[1]]);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('0a1b2c3d-1.pcap was deleted')).toBeTruthy();
    expect(fakeApi.requests('DELETE', `${filesPath}/0a1b2c3d-1.pcap`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('cell', { name: '0a1b2c3d-1.pcap' })).toBeNull());
    expect(fakeApi.requests('GET', filesPath).length).toBeGreaterThan(reads);
  });

  it('deletes all files of a team after a confirmation', async () => {
    serveCaptures();
    fakeApi.on('DELETE', `${filesPath}/all`, 200);
    const { location } = render('?challenge=11&team=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete all' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Delete all capture files of this team?' }),
    );
    expect(dialog.getByText(/The 2 capture files of Team A/)).toBeTruthy();
    fakeApi.on('GET', teamsPath, 404, problem(404, 'No captured traffic found'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The capture files of Team A were deleted')).toBeTruthy();
    expect(fakeApi.requests('DELETE', `${filesPath}/all`)).toHaveLength(1);
    await waitFor(() => expect(location()).toBe(`/games/${GAME_ID}/monitor/traffic?challenge=11`));
    expect(await screen.findByText('No traffic was captured for this challenge yet.')).toBeTruthy();
  });

  it("shows the server's refusal to delete", async () => {
    serveCaptures();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi.on('DELETE', `${filesPath}/all`, 400, problem(400, 'Storage is read-only'));
    render('?challenge=11&team=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete all' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Storage is read-only')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });
});
