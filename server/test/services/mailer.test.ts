import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from '#server/services/mailer.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';

describe('mailer', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('sends a text and HTML mail from the configured sender', async () => {
    const mailer = new Mailer({ smtpUrl: smtp.url, from: 'CTF Team <ctf@example.org>' });
    expect(mailer.enabled).toBe(true);
    await mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'plain', html: '<p>rich</p>' });
    const mail = await smtp.nextMailTo('ada@example.com');
    expect(mail).toMatchObject({ from: 'CTF Team <ctf@example.org>', subject: 'Hi' });
    expect(mail.text.trim()).toBe('plain');
    expect(mail.html).toContain('<p>rich</p>');
  });

  it('rejects when the server refuses the mail', async () => {
    const mailer = new Mailer({ smtpUrl: smtp.url, from: 'x@example.org' });
    smtp.refuse = true;
    try {
      await expect(
        mailer.send({ to: 'b@example.com', subject: 's', text: 't', html: 'h' }),
      ).rejects.toThrow();
    } finally {
      smtp.refuse = false;
    }
  });

  it('is disabled without an SMTP URL', async () => {
    const mailer = new Mailer({ from: 'x@example.org' });
    expect(mailer.enabled).toBe(false);
    await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't', html: 'h' })).rejects.toThrow(
      /VEXIL_SMTP_URL/,
    );
  });
});
