/**
 * Sends the account mails (verify, reset, confirm). Links point at `VEXIL_PUBLIC_URL`, else at the
 * origin the request came to. Without SMTP the link is logged at warn level (an administrator can
 * pass it on) and the flow answers 400; a failed delivery answers 400 too.
 */
import type { FastifyRequest } from 'fastify';
import { accountLink, accountMail, type AccountMailKind } from '../domain/accountMails.js';
import { badRequest } from '../http/errors.js';
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

export class AccountMailService {
  constructor(
    private readonly mailer: Mailer,
    private readonly publicUrl?: string,
  ) {}

  origin(request: FastifyRequest): string {
    return this.publicUrl ?? `${request.protocol}://${request.host}`;
  }

  async send(request: FastifyRequest, input: AccountMailInput): Promise<void> {
    const link = accountLink(this.origin(request), input.kind, input.token, input.to);
    if (!this.mailer.enabled) {
      request.log.warn(
        { userName: input.userName, ip: request.ip },
        `No SMTP server configured: ${input.kind} link for ${input.to} is ${link}`,
      );
      throw badRequest(MAIL_NOT_CONFIGURED);
    }
    const { globalConfig } = await request.server.settings.get();
    const content = accountMail(input.kind, link, globalConfig.title || 'Vexil', input.userName);
    try {
      await this.mailer.send({ to: input.to, ...content });
    } catch (error) {
      request.log.error(
        { err: error, userName: input.userName, ip: request.ip },
        `Could not send the ${input.kind} mail to ${input.to}`,
      );
      throw badRequest(MAIL_FAILED);
    }
    request.log.info(
      { userName: input.userName, ip: request.ip, taskStatus: 'Success' },
      `Sent the ${input.kind} mail to ${input.to}`,
    );
  }
}
