/**
 * The captcha an account form must send as `challenge`, whichever provider is configured:
 * - None: nothing to do (`ready` at once, `answer` null);
 * - HashPow: a challenge is fetched (again every 4 minutes) and solved in a Web Worker;
 * - CloudflareTurnstile: the widget (see CaptchaField) yields a token.
 * Answers are single-use: call `reset()` after every submission. `required` overrides the
 * configuration: the server asks for that captcha on a sign-in although the policy does not (the
 * account had too many failed sign-ins).
 */
import { useCallback, useEffect, useState } from 'react';
import type { CaptchaInfo, CaptchaProvider } from '@/api/types';
import { useCaptchaConfig, usePowChallenge } from './captchaQueries';
import { hashPowAnswer } from './hashPow';
import { solveHashPow } from './solveHashPow';

export interface Captcha {
  /** Undefined while the configuration loads. */
  provider: CaptchaProvider | undefined;
  siteKey: string;
  /** The value for the request's `challenge` field (undefined when no captcha is needed). */
  answer: string | undefined;
  /** True when the form may be submitted. */
  ready: boolean;
  /** Hash-PoW: a challenge is being solved. */
  solving: boolean;
  error: unknown;
  /** Turnstile: changes whenever the widget must start over. */
  resetKey: number;
  setToken: (token: string | null) => void;
  setError: (error: unknown) => void;
  reset: () => void;
}

export function useCaptcha(required?: CaptchaInfo): Captcha {
  const config = useCaptchaConfig();
  const provider = required?.type ?? config.data?.type;
  const pow = usePowChallenge(provider === 'HashPow');
  const [solved, setSolved] = useState<{ at: number; answer: string }>();
  const [token, setToken] = useState<string | null>(null);
  const [widgetError, setError] = useState<unknown>(null);
  const [resetKey, setResetKey] = useState(0);
  const challenge = pow.data;
  // Each fetch is a new challenge, even one that looks the same.
  const fetchedAt = pow.dataUpdatedAt;

  useEffect(() => {
    if (!challenge) return undefined;
    const controller = new AbortController();
    solveHashPow(
      { challenge: challenge.challenge, difficulty: challenge.difficulty },
      controller.signal,
    )
      .then((nonce) => setSolved({ at: fetchedAt, answer: hashPowAnswer(challenge.id, nonce) }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setError(error);
      });
    return () => controller.abort();
  }, [challenge, fetchedAt]);

  const { refetch } = pow;
  const reset = useCallback(() => {
    setSolved(undefined);
    if (provider === 'HashPow') void refetch();
    if (provider === 'CloudflareTurnstile') {
      setToken(null);
      setResetKey((key) => key + 1);
    }
  }, [provider, refetch]);

  const powAnswer = solved && challenge && solved.at === fetchedAt ? solved.answer : undefined;
  // An unreachable captcha configuration is treated as "no captcha": the server still decides.
  const effective = config.isError && !required ? 'None' : provider;
  const answer =
    effective === 'HashPow'
      ? powAnswer
      : effective === 'CloudflareTurnstile'
        ? (token ?? undefined)
        : undefined;
  return {
    provider: effective,
    siteKey: required?.siteKey ?? config.data?.siteKey ?? '',
    answer,
    ready: effective === 'None' || answer !== undefined,
    solving: effective === 'HashPow' && answer === undefined && !pow.isError,
    error: pow.error ?? widgetError,
    resetKey,
    setToken,
    setError,
    reset,
  };
}
