import { fakeApiFetch } from './fake-api-fetch';

/** Reads the account e-mails from the SMTP catcher's REST API (MailDev 2.2.1) in end-to-end tests. */
export const smtpWebUrl = (): string => process.env.E2E_SMTP_WEB_URL ?? process.env.SMTP_WEB_URL ?? 'http://127.0.0.1:1080';

export interface CaughtMail {
  id: string;
  subject: string;
  to: Array<{ address: string; name?: string }>;
  text?: string;
  html?: string;
  date?: string;
  time?: string;
}

export const mailSubjects = {
  confirmation: 'Confirm your Abide account',
  recovery: 'Reset your Abide password',
  signUpAttempt: 'Someone tried to create an Abide account with your e-mail',
} as const;

const sentAt = (mail: CaughtMail): number => Date.parse(mail.time ?? mail.date ?? '') || 0;

/**
 * Every caught mail to `email` (newest first), optionally only those with `subject`. The catcher filters by address
 * (MailDev's `?to.address=`, an exact match, so the address as written and in lower case): a whole suite leaves
 * thousands of mails there, and fetching them all on every poll made each wait slower than the last.
 */
export const mailsTo = async (email: string, subject?: string): Promise<CaughtMail[]> => {
  const addresses = [...new Set([email, email.toLowerCase()])];
  const lists = await Promise.all(
    addresses.map(async (address) => {
      const res = await fakeApiFetch(`${smtpWebUrl()}/email?${new URLSearchParams({ 'to.address': address })}`);
      if (!res.ok) throw new Error(`SMTP catcher answered ${res.status}`);
      return (await res.json()) as CaughtMail[];
    }),
  );
  const all = [...new Map(lists.flat().map((mail) => [mail.id, mail])).values()];
  const address = email.toLowerCase();
  // MailDev lists in arrival order and dates to the second: reverse arrival order breaks the ties.
  return all
    .map((mail, arrival) => ({ mail, arrival }))
    .filter(({ mail: m }) => m.to?.some((t) => t.address.toLowerCase() === address) && (!subject || m.subject === subject))
    .sort((a, b) => sentAt(b.mail) - sentAt(a.mail) || b.arrival - a.arrival)
    .map(({ mail }) => mail);
};

export interface WaitForMailOptions {
  subject?: string;
  /** Waits until at least this many such mails have arrived (e.g. 2 for a second confirmation mail). */
  atLeast?: number;
  timeoutMs?: number;
}

/** Polls until a mail to `email` (with `subject`) has arrived, and returns the newest. Mails are sent after the answer. */
export const waitForMail = async (
  email: string,
  { subject, atLeast = 1, timeoutMs = 15_000 }: WaitForMailOptions = {},
): Promise<CaughtMail> => {
  const started = Date.now();
  for (;;) {
    const mails = await mailsTo(email, subject);
    if (mails.length >= atLeast) return mails[0];
    if (Date.now() - started > timeoutMs) {
      throw new Error(`no${atLeast > 1 ? ` ${atLeast}th` : ''} mail "${subject ?? '(any)'}" to ${email} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
};

/** The first `/auth/callback` link of a mail. */
export const callbackLinkOf = (mail: CaughtMail): string => {
  const match = /https?:\/\/[^\s"'<>]+\/auth\/callback\?[^\s"'<>]+/.exec(mail.text ?? mail.html ?? '');
  if (!match) throw new Error(`no /auth/callback link in the mail "${mail.subject}"`);
  return match[0].replace(/&amp;/g, '&');
};

/** The link of the newest confirmation mail to `email` (`…/auth/callback?code=…&type=signup`). */
export const readConfirmationLink = async (email: string, options: Omit<WaitForMailOptions, 'subject'> = {}): Promise<string> =>
  callbackLinkOf(await waitForMail(email, { ...options, subject: mailSubjects.confirmation }));

/** The link of the newest password-reset mail to `email` (`…/auth/callback?code=…&type=recovery`). */
export const readRecoveryLink = async (email: string, options: Omit<WaitForMailOptions, 'subject'> = {}): Promise<string> =>
  callbackLinkOf(await waitForMail(email, { ...options, subject: mailSubjects.recovery }));

/** The one-time code of an e-mail link. */
export const codeOf = (link: string): string => {
  const code = new URL(link).searchParams.get('code');
  if (!code) throw new Error(`no code in ${link}`);
  return code;
};
