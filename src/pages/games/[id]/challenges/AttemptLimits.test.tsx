// The flag box of a challenge with attempt limits (issue 25): attempts left, read again after
// each flag; the refusal at the limit with Submit disabled; the wait counted down.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChallengeAttempts } from '@/api/types';
import { fakeApi, problem } from '@/test/apiMock';
import { fill } from '@/test/forms';
import { buildScene, GAME_ID, renderPage, serve, type Scene } from './testScene';
import { formatWait } from './useAttemptWait';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const CHALLENGE = `/api/game/${GAME_ID}/challenges/201`;
let scene: Scene;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Login bypass' }));
const toasts = () => within(screen.getByRole('region', { name: 'Notifications', hidden: true }));

const limited = (attempts: Partial<ChallengeAttempts>): ChallengeAttempts => ({
  maxAttempts: 2,
  attemptsLeft: 2,
  attemptWait: 0,
  nextAttemptAt: null,
  waitLeft: 0,
  ...attempts,
});

/** The challenge as the server answers it from now on. */
const answerWith = (attempts: ChallengeAttempts | null) =>
  fakeApi.on('GET', CHALLENGE, 200, {
    ...scene.challenge,
    context: { ...scene.challenge.context, attempts },
  });

describe('attempt limits in the challenge dialog', () => {
  beforeEach(() => {
    scene = buildScene();
    scene.challenge = {
      ...scene.challenge,
      context: { ...scene.challenge.context, attempts: limited({}) },
    };
    serve(scene);
  });
  afterEach(() => vi.restoreAllMocks());

  it('counts the attempts down after each flag and refuses at the limit', async () => {
    renderPage('?challenge=201');
    const view = await dialog();
    expect(await view.findByText('2 attempts left')).toBeTruthy();

    fakeApi.on('POST', CHALLENGE, 200, 77);
    fakeApi.on('GET', `${CHALLENGE}/status/77`, 200, 'WrongAnswer');
    answerWith(limited({ attemptsLeft: 1 }));
    fill('Flag', 'flag{one}');
    fireEvent.click(view.getByRole('button', { name: 'Submit' }));
    expect(await view.findByText('1 attempt left')).toBeTruthy();

    // Another member used the last one meanwhile: the server refuses, the box says why.
    fakeApi.on('POST', CHALLENGE, 403, problem(403, 'No attempts left for this challenge'));
    answerWith(limited({ attemptsLeft: 0 }));
    fill('Flag', 'flag{two}');
    fireEvent.click(view.getByRole('button', { name: 'Submit' }));
    expect(await toasts().findByText('No attempts left for this challenge')).toBeTruthy();
    expect(await view.findByText('No attempts left')).toBeTruthy();
    expect(view.getByText('Your team has used all its attempts at this challenge.')).toBeTruthy();
    expect(view.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
    expect(fakeApi.requests('POST', CHALLENGE)).toHaveLength(2);
  });

  it('counts the wait down, with Submit disabled until it ends', async () => {
    scene.challenge.context.attempts = limited({
      maxAttempts: 0,
      attemptsLeft: null,
      attemptWait: 2,
      nextAttemptAt: Date.now() + 2_000,
      waitLeft: 2_000,
    });
    serve(scene);
    renderPage('?challenge=201');
    const view = await dialog();
    expect(await view.findByText('Next try in 0:02')).toBeTruthy();
    expect(view.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(view.queryByText(/^Next try in/)).toBeNull(), { timeout: 5_000 });
    expect(view.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows nothing for a challenge without limits', async () => {
    answerWith(null);
    renderPage('?challenge=201');
    const view = await dialog();
    expect(await view.findByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(view.queryByText(/attempts? left/)).toBeNull();
  });

  it('writes waits as m:ss, and h:mm:ss from an hour', () => {
    expect(formatWait(12)).toBe('0:12');
    expect(formatWait(75)).toBe('1:15');
    expect(formatWait(3_725)).toBe('1:02:05');
  });
});
