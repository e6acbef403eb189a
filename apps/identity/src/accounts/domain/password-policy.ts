/**
 * The password rules of NIST SP 800-63B: a minimum and a maximum length, no composition rules, and a
 * refusal of passwords that are common or built from the account's own e-mail or name. Pure, so it is
 * tested without engines; the list of common passwords is passed in.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  common: 'This password is too common',
  personal: 'Password must not contain your email or name',
} as const;

export interface PasswordOwner {
  email: string;
  name: string;
}

/** Fragments of the owner's identity long enough that containing them is not a coincidence. */
const personalFragments = (owner: PasswordOwner): string[] => {
  const localPart = owner.email.split('@')[0]?.toLowerCase() ?? '';
  const name = owner.name.trim().toLowerCase();
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
  const whole = name.replace(/[^\p{L}\p{N}]+/gu, '');
  return [localPart, whole, ...words].filter((f) => f.length >= 3);
};

/** Every reason the password is refused, in a stable order; empty when it is acceptable. */
export const passwordWeaknesses = (password: string, owner: PasswordOwner, common: ReadonlySet<string>): string[] => {
  // Length counts characters (code points), not UTF-16 units, so emoji and accents count once.
  const length = [...password].length;
  const reasons: string[] = [];
  if (length < PASSWORD_MIN_LENGTH) reasons.push(passwordMessages.tooShort);
  if (length > PASSWORD_MAX_LENGTH) reasons.push(passwordMessages.tooLong);
  const lowered = password.toLowerCase();
  if (common.has(lowered)) reasons.push(passwordMessages.common);
  if (personalFragments(owner).some((fragment) => lowered.includes(fragment))) reasons.push(passwordMessages.personal);
  return reasons;
};
