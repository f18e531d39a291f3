/**
 * The captcha of this server, with its provider fixed at start (`VEXIL_CAPTCHA_PROVIDER`). Which
 * flows ask for it is the account policy's `useCaptcha`, read per request by the callers.
 */
import type { CaptchaConfig } from '../config.js';
import { PowChallengeStore, type PowChallenge } from './powChallenges.js';
import { verifyTurnstile, type FetchLike } from './turnstile.js';

export interface ClientCaptchaInfo {
  type: CaptchaConfig['provider'];
  siteKey: string;
}

export class CaptchaService {
  private readonly pow: PowChallengeStore | null;

  constructor(
    private readonly config: CaptchaConfig,
    private readonly options: { fetch?: FetchLike; clock?: () => number } = {},
  ) {
    this.pow =
      config.provider === 'HashPow'
        ? new PowChallengeStore(config.powDifficulty, options.clock)
        : null;
  }

  /** A provider is configured (whether or not the policy asks for it). */
  get enabled(): boolean {
    return this.config.provider !== 'None';
  }

  /** What the client must solve: nothing unless the policy turned the captcha on. */
  clientInfo(useCaptcha: boolean): ClientCaptchaInfo {
    if (!useCaptcha || this.config.provider === 'None') return { type: 'None', siteKey: '' };
    const siteKey = this.config.provider === 'CloudflareTurnstile' ? this.config.siteKey : '';
    return { type: this.config.provider, siteKey };
  }

  /** A new Hash-PoW challenge, or null when the provider is not Hash-PoW. */
  issuePowChallenge(): PowChallenge | null {
    return this.pow?.issue() ?? null;
  }

  async verify(answer: string | null | undefined, remoteIp: string | undefined): Promise<boolean> {
    switch (this.config.provider) {
      case 'HashPow':
        return this.pow?.verify(answer) ?? false;
      case 'CloudflareTurnstile':
        return verifyTurnstile({
          secretKey: this.config.secretKey,
          token: answer,
          remoteIp,
          fetch: this.options.fetch,
        });
      default:
        return true;
    }
  }
}
