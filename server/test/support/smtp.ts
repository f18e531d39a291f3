// A real SMTP server on a random local port that keeps every mail it receives, parsed, so tests
// can follow the links the app mails out.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** `Name <address>`. */
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: ParsedMail;
}

export interface MailLink {
  /** e.g. `/account/verify`. */
  path: string;
  origin: string;
  /** The query values as the web page reads them: standard Base64. */
  token: string;
  email: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for VEXIL_SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next mail to `to` not taken yet (waits up to 5 s). */
  nextMailTo(to: string): Promise<ReceivedMail>;
  /** While true the server refuses every message (tests of a failed delivery). */
  refuse: boolean;
  close(): Promise<void>;
}

const addresses = (field: ParsedMail['to']): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => (v.address ?? '').toLowerCase()),
  );

const formatAddress = (a?: { name: string; address?: string }) =>
  a ? (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')) : '';

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const state = { refuse: false };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (state.refuse) return callback(new Error('Mailbox unavailable'));
          received.push({
            to: addresses(mail.to),
            from: formatAddress(mail.from?.value[0]),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            raw: mail,
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function nextMailTo(to: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mail = received.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
      if (mail) {
        taken.add(mail);
        return mail;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No mail to ${to} arrived`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMailTo,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The account link in a mail's plain text. */
export function mailLink(mail: ReceivedMail): MailLink {
  const match = /https?:\/\/\S+\/account\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No account link in: ${mail.text}`);
  const url = new URL(match[0]);
  return {
    path: url.pathname,
    origin: url.origin,
    token: url.searchParams.get('token') ?? '',
    email: url.searchParams.get('email') ?? '',
  };
}
