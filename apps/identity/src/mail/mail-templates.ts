import { smsPlainText } from '@abide/contracts';

/** The account e-mails, as plain text plus a simple HTML version. Pure: tested without an SMTP server. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const mailSubjects = {
  confirmation: 'Confirm your Abide account',
  recovery: 'Reset your Abide password',
  signUpAttempt: 'Someone tried to create an Abide account with your e-mail',
  churchInvitation: (church: string) => `${church} invites you to Abide`,
  joinNotice: (church: string) => `${church} invites you to join them on Abide`,
} as const;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const html = (paragraphs: string[]): string =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}<p style="color:#616e7c;font-size:13px">Abide</p></body></html>`;

const button = (href: string, label: string): string =>
  `<a href="${escapeHtml(href)}" style="background:#3b5bdb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a>`;

export const confirmationMail = (name: string, link: string, validHours: number): MailContent => ({
  subject: mailSubjects.confirmation,
  text: [
    `Hello ${name},`,
    `Welcome to Abide. Confirm your e-mail address to finish creating your account:`,
    link,
    `The link works once and for ${validHours} hours, in the browser where you signed up. If you did not sign up, ignore this e-mail.`,
  ].join('\n\n'),
  html: html([
    `Hello ${escapeHtml(name)},`,
    'Welcome to Abide. Confirm your e-mail address to finish creating your account:',
    button(link, 'Confirm my account'),
    `Or open this link: ${escapeHtml(link)}`,
    `The link works once and for ${validHours} hours, in the browser where you signed up. If you did not sign up, ignore this e-mail.`,
  ]),
});

export const recoveryMail = (name: string, link: string, validMinutes: number): MailContent => ({
  subject: mailSubjects.recovery,
  text: [
    `Hello ${name},`,
    'Someone (hopefully you) asked to reset the password of your Abide account. Choose a new password here:',
    link,
    `The link works once and for ${validMinutes} minutes, in the browser where it was requested. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  ].join('\n\n'),
  html: html([
    `Hello ${escapeHtml(name)},`,
    'Someone (hopefully you) asked to reset the password of your Abide account. Choose a new password here:',
    button(link, 'Reset my password'),
    `Or open this link: ${escapeHtml(link)}`,
    `The link works once and for ${validMinutes} minutes, in the browser where it was requested. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  ]),
});

export const signUpAttemptMail = (name: string, signInUrl: string, resetUrl: string): MailContent => ({
  subject: mailSubjects.signUpAttempt,
  text: [
    `Hello ${name},`,
    'Someone tried to create an Abide account with this e-mail address, but you already have one.',
    `If it was you, sign in: ${signInUrl}`,
    `Forgot your password? Reset it: ${resetUrl}`,
    'If it was not you, you can ignore this e-mail; nothing has changed on your account.',
  ].join('\n\n'),
  html: html([
    `Hello ${escapeHtml(name)},`,
    'Someone tried to create an Abide account with this e-mail address, but you already have one.',
    `If it was you, ${button(signInUrl, 'Sign in')}`,
    `Forgot your password? <a href="${escapeHtml(resetUrl)}">Reset it</a>.`,
    'If it was not you, you can ignore this e-mail; nothing has changed on your account.',
  ]),
});

/** What an invitation says about where it leads: the church, and the group when the row named one. */
export interface InvitationFacts {
  name: string;
  church: string;
  group: string | null;
  link: string;
  expiresAt: Date;
}

const untilDate = (date: Date): string => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** The row's group is joined at acceptance if it is open; a private group's leaders decide (docs/member-imports.md). */
const groupNote = (f: InvitationFacts): string =>
  f.group ? `, and put forward for its group ${f.group} (if the group is private, its leaders accept you first)` : '';

/** A church's invitation to a new person: set a password and start, with the church (and group) joined. */
export const churchInvitationMail = (f: InvitationFacts): MailContent => {
  const why = `${f.church} uses Abide for plans, habits, a journal and its groups, and has invited you.`;
  const what = `Open the link to choose your password. You will be signed in with ${f.church} already joined${groupNote(f)}.`;
  const until = `The link works once, until ${untilDate(f.expiresAt)}. If you did not expect this, ignore this e-mail: no account is made without you.`;
  return {
    subject: mailSubjects.churchInvitation(f.church),
    text: [`Hello ${f.name},`, why, what, f.link, until].join('\n\n'),
    html: html([
      `Hello ${escapeHtml(f.name)},`,
      escapeHtml(why),
      escapeHtml(what),
      button(f.link, 'Accept the invitation'),
      `Or open this link: ${escapeHtml(f.link)}`,
      escapeHtml(until),
    ]),
  };
};

/** A church's join notice to someone who has an account: sign in and accept. */
export const joinNoticeMail = (f: InvitationFacts): MailContent => {
  const why = `${f.church} has invited you to join them on Abide.`;
  const what = `Sign in and accept to join ${f.church}${groupNote(f)}. Nothing changes until you do.`;
  const until = `The invitation stands until ${untilDate(f.expiresAt)}.`;
  return {
    subject: mailSubjects.joinNotice(f.church),
    text: [`Hello ${f.name},`, why, what, f.link, until].join('\n\n'),
    html: html([`Hello ${escapeHtml(f.name)},`, escapeHtml(why), escapeHtml(what), button(f.link, 'See the invitation'), escapeHtml(until)]),
  };
};

/**
 * The invitation's text message (transactional: sent with the e-mail, never to a number that replied STOP). A notice
 * only: the link is in the e-mail alone, since opening it is what proves the address is the person's (a number typed
 * by an admin proves nothing about the address, so it must never carry a link that makes an account).
 */
export const churchInvitationText = (f: Pick<InvitationFacts, 'church'>): string =>
  smsPlainText(`Abide: ${f.church} has invited you to join them. Your invitation link is in your e-mail; open it from there. Reply STOP to opt out.`);
