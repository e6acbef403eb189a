/**
 * How much a church's admins may send through member imports in a day (docs/member-imports.md "Daily limits"): the
 * same allowance per church and per admin, so an admin of several churches gets one church's worth in all, and a
 * church of several admins one admin's worth. Days are UTC days; the import page shows these figures.
 */
export const memberImportDailyLimits = {
  /** Uploads started. */
  imports: 10,
  /** People invited: the usable rows of the day's uploads, plus every invitation sent again. */
  invitations: 5000,
  /** "Send again" requests. */
  resends: 10,
  /** Texts sent with invitations; past this the e-mail goes alone. */
  texts: 1000,
} as const;
export type MemberImportAllowance = keyof typeof memberImportDailyLimits;

/** Whose allowance ran out: the church's, or the admin's across all their churches. */
export type MemberImportQuotaScope = 'church' | 'member';

const nf = (n: number) => n.toLocaleString('en');
const hoursLeft = (seconds: number) => {
  const hours = Math.max(1, Math.ceil(seconds / 3600));
  return `${hours} hour${hours === 1 ? '' : 's'}`;
};

export const memberImportLimitMessages = {
  /** The 429's detail: what ran out, and when it starts again. */
  reached: (
    allowance: Exclude<MemberImportAllowance, 'texts'>,
    scope: MemberImportQuotaScope,
    left: number,
    asked: number,
    retryAfterSeconds: number,
  ): string => {
    const limit = nf(memberImportDailyLimits[allowance]);
    const who = scope === 'church' ? 'This church' : 'You';
    const has = scope === 'church' ? 'has' : 'have';
    const what = {
      imports: `${who} can start at most ${limit} imports a day${scope === 'member' ? ', across all your churches' : ''}, and ${has} started them all today.`,
      resends: `${who} can send invitations again at most ${limit} times a day${scope === 'member' ? ', across all your churches' : ''}, and ${has} done so today.`,
      invitations:
        `${who} can invite at most ${limit} people a day${scope === 'member' ? ', across all your churches' : ''}: ` +
        `${nf(left)} more today, and this would invite ${nf(asked)}.`,
    }[allowance];
    return `${what} Try again in ${hoursLeft(retryAfterSeconds)} (the day starts at midnight UTC).`;
  },
  twoFactorRequired: 'Importing members and sending invitations need two-factor sign-in. Turn it on in Settings, then try again.',
  emailNotConfirmed: 'Confirm your e-mail address before you invite people: open the link we sent you.',
} as const;
