/**
 * Sends the account mails (verify, reset, confirm). Links point at `VEXIL_PUBLIC_URL`, else at the
 * host the request came to when that host is on `VEXIL_ALLOWED_HOSTS`, and never at a host
 * nobody vouched for: a forged `Host` header would otherwise mail the victim a valid token on the
 * attacker's site. Without either setting the flow answers 400 (like every mail failure in these
 * operations). Without SMTP the link is logged at warn level (an administrator can pass it on)
 * and the flow answers 400; a failed delivery answers 400 too.
 */
import type { FastifyRequest } from 'fastify';
import { hostAllowed } from '../domain/allowedHosts.js';
import { accountLink, accountMail, type AccountMailKind } from '../domain/accountMails.js';
import { Refused } from '../domain/errors.js';
import type { Mailer } from './mailer.js';

export interface AccountMailInput {
  kind: AccountMailKind;
  to: string;
  userName: string;
  token: string;
}

export const MAIL_NOT_CONFIGURED =
  'This server cannot send mail (VEXIL_SMTP_URL is not set): please ask an administrator';
export const MAIL_FAILED = 'The mail could not be sent, please try again later';
export const LINK_ORIGIN_NOT_CONFIGURED =
  'This server cannot mail links (neither VEXIL_PUBLIC_URL nor VEXIL_ALLOWED_HOSTS is set): please ask an administrator';
export const LINK_HOST_NOT_ALLOWED =
  "Links in mails cannot point at the host of this request: please use the site's own address";

export class AccountMailService {
  constructor(
    private readonly mailer: Mailer,
    private readonly publicUrl?: string,
    private readonly allowedHosts: readonly string[] = [],
  ) {}

  /** The origin of mailed links, or null when the request's host is not one to trust. */
  origin(request: FastifyRequest): string | null {
    if (this.publicUrl) return this.publicUrl;
    if (!hostAllowed(request.host, this.allowedHosts)) return null;
    return `${request.protocol}://${request.host}`;
  }

  /**
   * Why no account mail can leave for this request whoever it is for (no SMTP server, no origin to
   * trust for its link), or null: the refusal `send` throws, known before choosing a recipient, so
   * a flow can answer it alike for every address.
   */
  problem(request: FastifyRequest): string | null {
    if (!this.mailer.enabled) return MAIL_NOT_CONFIGURED;
    if (this.origin(request) === null) {
      return this.allowedHosts.length > 0 ? LINK_HOST_NOT_ALLOWED : LINK_ORIGIN_NOT_CONFIGURED;
    }
    return null;
  }

  async send(request: FastifyRequest, input: AccountMailInput): Promise<void> {
    const origin = this.origin(request);
    if (!this.mailer.enabled) {
      // Without a trusted origin the logged link is a path on this site.
      const link = accountLink(origin ?? '', input.kind, input.token, input.to);
      request.log.warn(
        { userName: input.userName, ip: request.ip },
        `No SMTP server configured: ${input.kind} link for ${input.to} is ${link}`,
      );
      throw new Refused(MAIL_NOT_CONFIGURED);
    }
    if (origin === null) {
      request.log.warn(
        { userName: input.userName, ip: request.ip, taskStatus: 'Denied' },
        `Did not send the ${input.kind} mail to ${input.to}: no link origin for host ${request.host}`,
      );
      throw new Refused(this.problem(request) ?? LINK_ORIGIN_NOT_CONFIGURED);
    }
    const link = accountLink(origin, input.kind, input.token, input.to);
    const { globalConfig } = await request.server.settings.get();
    const content = accountMail(input.kind, link, globalConfig.title || 'Vexil', input.userName);
    try {
      await this.mailer.send({ to: input.to, ...content });
    } catch (error) {
      request.log.error(
        { err: error, userName: input.userName, ip: request.ip },
        `Could not send the ${input.kind} mail to ${input.to}`,
      );
      throw new Refused(MAIL_FAILED);
    }
    request.log.info(
      { userName: input.userName, ip: request.ip, taskStatus: 'Success' },
      `Sent the ${input.kind} mail to ${input.to}`,
    );
  }
}
