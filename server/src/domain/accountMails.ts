/**
 * The three account mails (confirm a new account, reset a password, confirm a new address) and
 * their links. Plain text plus a minimal HTML part with no remote resources. Pure: no I/O.
 */
import { encodeBase64Text } from './base64Text.js';

export type AccountMailKind = 'verify' | 'reset' | 'confirm';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const wording: Record<AccountMailKind, { subject: string; intro: string; action: string }> = {
  verify: {
    subject: 'Confirm your email address',
    intro: 'Welcome! Please confirm the email address of your new account.',
    action: 'Confirm my email',
  },
  reset: {
    subject: 'Reset your password',
    intro: 'Someone asked to reset the password of your account.',
    action: 'Choose a new password',
  },
  confirm: {
    subject: 'Confirm your new email address',
    intro: 'Please confirm that this address should become the email of your account.',
    action: 'Confirm the new address',
  },
};

/** `{origin}/account/{kind}?token=…&email=…`: both values standard Base64, URL-encoded so
 *  that the page reads back exactly the Base64 text. */
export function accountLink(
  origin: string,
  kind: AccountMailKind,
  token: string,
  email: string,
): string {
  const query = new URLSearchParams({
    token: encodeBase64Text(token),
    email: encodeBase64Text(email),
  });
  return `${origin.replace(/\/+$/, '')}/account/${kind}?${query.toString()}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function accountMail(
  kind: AccountMailKind,
  link: string,
  siteName: string,
  userName: string,
): MailContent {
  const { subject, intro, action } = wording[kind];
  const footer = `This link works for 3 hours. If you did not ask for it, ignore this mail.`;
  const text = [
    `Hello ${userName},`,
    '',
    intro,
    '',
    `${action}: ${link}`,
    '',
    footer,
    '',
    siteName,
  ];
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hello ${escapeHtml(userName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="word-break:break-all">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(footer)}</p>`,
    `<p>${escapeHtml(siteName)}</p>`,
    '</body></html>',
  ];
  return { subject: `${siteName}: ${subject}`, text: text.join('\n'), html: html.join('\n') };
}
