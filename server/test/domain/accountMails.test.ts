import { describe, expect, it } from 'vitest';
import { accountLink, accountMail } from '#server/domain/accountMails.js';

describe('account mails', () => {
  it('link to /account/{kind} with the Base64 token and email, read back exactly', () => {
    const link = accountLink('https://ctf.example.org/', 'reset', 'v1.a?b>.c', 'zoë@example.com');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://ctf.example.org/account/reset');
    expect(Buffer.from(url.searchParams.get('token') ?? '', 'base64').toString()).toBe('v1.a?b>.c');
    expect(Buffer.from(url.searchParams.get('email') ?? '', 'base64').toString()).toBe(
      'zoë@example.com',
    );
  });

  it('have a text and an HTML part, escaped, with no remote resources', () => {
    const link = 'https://ctf.example.org/account/verify?token=a%2B&email=b';
    const mail = accountMail('verify', link, 'My <CTF>', 'eve"><img src=x>');
    expect(mail.subject).toBe('My <CTF>: Confirm your email address');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(
      'href="https://ctf.example.org/account/verify?token=a%2B&amp;email=b"',
    );
    expect(mail.html).toContain('My &lt;CTF&gt;');
    expect(mail.html).toContain('eve&quot;&gt;&lt;img src=x&gt;');
    expect(mail.html).not.toMatch(/<img|<script|<link|<style|url\(/);
    const plain = accountMail('confirm', link, 'Vexil', 'ada');
    expect(plain.html).not.toMatch(/src=|<link|url\(|@import/);
  });
});
