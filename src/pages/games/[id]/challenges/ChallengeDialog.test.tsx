import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { fill } from '@/test/forms';
import { buildScene, GAME_ID, HOUR, renderPage, serve, type Scene } from './testScene';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const DETAILS = `/api/game/${GAME_ID}/details`;
const CHALLENGE = `/api/game/${GAME_ID}/challenges/201`;
const STATUS = `${CHALLENGE}/status/77`;
let scene: Scene;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Login bypass' }));
// the open dialog hides the rest of the page (notifications included) from assistive technology
const toasts = () => within(screen.getByRole('region', { name: 'Notifications', hidden: true }));

/** The flag is taken (submission 77) and checked as `results`, one per status read. */
function checkAs(...results: string[]) {
  fakeApi.on('POST', CHALLENGE, 200, 77);
  fakeApi.on('GET', STATUS, () => ({ status: 200, body: results.shift() ?? 'FlagSubmitted' }));
}

async function submitFlag(flag: string) {
  const view = await dialog();
  fill('Flag', flag);
  fireEvent.click(view.getByRole('button', { name: 'Submit' }));
  return view;
}

describe('the challenge dialog', () => {
  beforeEach(() => {
    scene = buildScene();
    scene.challenge = {
      ...scene.challenge,
      content: 'Log in as **admin**.',
      hints: ['Look at the cookie'],
      context: { ...scene.challenge.context, url: '/assets/abc/bypass.zip', fileSize: 3_000 },
    };
    serve(scene);
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens from a card, with its address in the URL, and closes', async () => {
    const { location } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Login bypass\b/ }));
    const view = await dialog();
    expect(location()).toBe('/games/1/challenges?challenge=201');
    expect(await view.findByText('admin')).toBeTruthy();
    expect(view.getByText('480 pts')).toBeTruthy();
    expect(view.getByText('Look at the cookie')).toBeTruthy();
    expect(view.getByText('3 KB')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/games/1/challenges'));
  });

  it('shows a skeleton while the challenge loads, then a failure with a retry', async () => {
    const release = fakeApi.hold('GET', CHALLENGE, 404, problem(404, 'Challenge not found'));
    renderPage('?challenge=201');
    expect((await dialog()).getByLabelText('Loading…')).toBeTruthy();
    release();
    expect(await (await dialog()).findByText('Challenge not found')).toBeTruthy();
    fakeApi.on('GET', CHALLENGE, 200, scene.challenge);
    fireEvent.click((await dialog()).getByRole('button', { name: 'Retry' }));
    expect(await (await dialog()).findByText('Look at the cookie')).toBeTruthy();
  });

  it('downloads the attachment in the page', async () => {
    fakeApi.on('GET', '/assets/abc/bypass.zip', 404, problem(404, 'File not found'));
    renderPage('?challenge=201');
    fireEvent.click(await (await dialog()).findByRole('button', { name: 'bypass.zip' }));
    expect(await toasts().findByText('Download failed')).toBeTruthy();
    expect(toasts().getByText('File not found')).toBeTruthy();
    expect(fakeApi.requests('GET', '/assets/abc/bypass.zip')).toHaveLength(1);
  });

  it('checks a flag, celebrates and marks the challenge solved', async () => {
    checkAs('FlagSubmitted', 'Accepted');
    renderPage('?challenge=201');
    await (await dialog()).findByText('Look at the cookie');
    const solvedView = {
      ...scene.view,
      rank: {
        ...scene.view.rank!,
        solvedChallenges: [
          { id: 201, score: 480, type: 'Normal' as const, userName: 'a', time: 1 },
        ],
      },
    };
    fakeApi.on('GET', DETAILS, 200, solvedView);
    const view = await submitFlag('  flag{in}  ');
    expect(await view.findByText('Checking…')).toBeTruthy();
    expect(await view.findByText('Correct! The challenge is solved.')).toBeTruthy();
    expect(fakeApi.requests('POST', CHALLENGE)[0].body).toEqual({ flag: '  flag{in}  ' });
    expect(fakeApi.requests('GET', STATUS)).toHaveLength(2);
    expect(toasts().getByText('Solved!')).toBeTruthy();
    expect(view.getByText('Your team has solved this challenge.')).toBeTruthy();
    // the success stays; the flag box and SUBMIT go at once, not at the next opening (issue 23)
    expect(view.queryByLabelText(/^Flag/)).toBeNull();
    expect(view.queryByRole('button', { name: 'Submit' })).toBeNull();
    fireEvent.click(view.getByRole('button', { name: 'Close' }));
    const card = await screen.findByRole('button', { name: /^Login bypass Solved\b/ });
    expect(fakeApi.requests('GET', DETAILS).length).toBeGreaterThanOrEqual(2);
    // opened again, it asks for no flag any more
    fireEvent.click(card);
    const again = await dialog();
    expect(await again.findByText('Your team has solved this challenge.')).toBeTruthy();
    expect(again.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('says a wrong flag on the field, until it is edited', async () => {
    checkAs('WrongAnswer');
    renderPage('?challenge=201');
    const view = await submitFlag('flag{nope}');
    expect(await view.findByText('Wrong flag, try again.')).toBeTruthy();
    expect(view.getByLabelText(/^Flag/).getAttribute('aria-invalid')).toBe('true');
    fill('Flag', 'flag{again}');
    expect(view.queryByText('Wrong flag, try again.')).toBeNull();
  });

  it('refuses an empty flag without asking the server', async () => {
    renderPage('?challenge=201');
    const view = await submitFlag('');
    expect(await view.findByText('Required')).toBeTruthy();
    expect(fakeApi.requests('POST', CHALLENGE)).toHaveLength(0);
  });

  it('says when the team had solved it already, without offering the flag box', async () => {
    scene.view.rank!.solvedChallenges = [
      { id: 201, score: 480, type: 'Normal', userName: 'a', time: 1 },
    ];
    serve(scene);
    renderPage('?challenge=201');
    const view = await dialog();
    expect(await view.findByText('Your team has solved this challenge.')).toBeTruthy();
    expect(view.getByText('Solved')).toBeTruthy();
    expect(view.queryByLabelText(/^Flag/)).toBeNull();
    expect(view.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(toasts().queryByText('Solved!')).toBeNull();
  });

  it('says when the challenge is not available to the team', async () => {
    checkAs('NotFound');
    renderPage('?challenge=201');
    const view = await submitFlag('flag{x}');
    expect(await view.findByText('This challenge is not available to your team.')).toBeTruthy();
  });

  it('shows the server’s refusal, and reads the game again', async () => {
    fakeApi.on('POST', CHALLENGE, 400, { title: 'The game has ended', status: 10002 });
    renderPage('?challenge=201');
    await submitFlag('flag{late}');
    expect(await toasts().findByText('The game has ended')).toBeTruthy();
    await waitFor(() => expect(fakeApi.requests('GET', `/api/game/${GAME_ID}`)).toHaveLength(2));
  });

  it('asks to try later when submissions are rate limited', async () => {
    fakeApi.on('POST', CHALLENGE, 429, problem(429, 'Too many requests. Try again in 5 s.'));
    renderPage('?challenge=201');
    await submitFlag('flag{fast}');
    expect(await toasts().findByText('Too many requests, please try again later')).toBeTruthy();
    expect(toasts().getByText('Too many requests. Try again in 5 s.')).toBeTruthy();
  });

  it('marks practice solves, which the board does not count', async () => {
    const practice = {
      ...scene.game,
      practiceMode: true,
      start: Date.now() - 2 * HOUR,
      end: Date.now() - HOUR,
    };
    fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, practice);
    checkAs('Accepted');
    renderPage('?challenge=201');
    const view = await submitFlag('flag{in}');
    expect(await view.findByText(/Practice: solves after the end are not scored/)).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: /^Login bypass Solved\b/ })).toBeTruthy();
    expect(screen.getByText('1 / 3')).toBeTruthy();

    // the board never counts it, so this browser remembers it: a reload still shows it solved
    cleanup();
    renderPage();
    expect(await screen.findByRole('button', { name: /^Login bypass Solved\b/ })).toBeTruthy();
    expect(screen.getByText('1 / 3')).toBeTruthy();
  });

  it('does not remember solves of a running game, which the board counts', async () => {
    checkAs('Accepted');
    renderPage('?challenge=201');
    const view = await submitFlag('flag{in}');
    expect(await view.findByText('Correct! The challenge is solved.')).toBeTruthy();
    expect(Object.keys(localStorage).filter((key) => key.includes('practiceSolves'))).toEqual([]);
  });

  describe('in an individual game', () => {
    beforeEach(() => {
      scene.game = { ...scene.game, playMode: 'Individual', teamName: 'alice' };
    });

    it('speaks to the player, not to a team, once solved', async () => {
      scene.view.rank!.solvedChallenges = [
        { id: 201, score: 480, type: 'Normal', userName: 'alice', time: 1 },
      ];
      serve(scene);
      renderPage('?challenge=201');
      const view = await dialog();
      expect(await view.findByText('You have solved this challenge.')).toBeTruthy();
      expect(view.queryByText('Your team has solved this challenge.')).toBeNull();
      expect(screen.getByText('Playing as alice', { ignore: '[role="dialog"] *' })).toBeTruthy();
    });

    it('says a refused flag is not available to the player', async () => {
      serve(scene);
      checkAs('NotFound');
      renderPage('?challenge=201');
      const view = await submitFlag('flag{x}');
      expect(await view.findByText('This challenge is not available to you.')).toBeTruthy();
    });
  });
});
