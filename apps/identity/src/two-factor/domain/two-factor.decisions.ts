import { errorCodes, Refusal, rolesRequireTwoFactor } from '@abide/contracts';
import { assertActive, type UserState } from '../../accounts/domain/user.decider';

/** What the user stream decides about two-factor sign-in; the secret and codes themselves are kept out of the log. */

const alreadyOn = () => new Refusal(errorCodes.conflict, 'Two-factor sign-in is already on.');
const notOn = () => new Refusal(errorCodes.conflict, 'Two-factor sign-in is not on.');

/** Starting or confirming an enrolment needs it off (a second enrolment would replace the app the member relies on). */
export const assertCanEnrol = (state: UserState): void => {
  assertActive(state);
  if (state.twoFactorEnabled) throw alreadyOn();
};

export const decideEnableTwoFactor = (state: UserState, userId: string, { recoveryCodes, now }: { recoveryCodes: number; now: Date }) => {
  assertCanEnrol(state);
  return [
    {
      type: 'identity.user.two-factor-enabled' as const,
      subjectId: userId,
      data: { userId, method: 'totp' as const, recoveryCodes, enabledAt: now.toISOString() },
    },
  ];
};

export type DisabledBy = { owner: true } | { operator: string };

/**
 * The owner turns it off with their password and a code, but not while a role needs it; an operator's reset (a member
 * who lost both their phone and their recovery codes) may, and the member enrols again before using the role.
 */
export const decideDisableTwoFactor = (state: UserState, userId: string, { by, now }: { by: DisabledBy; now: Date }) => {
  assertActive(state);
  if (!state.twoFactorEnabled) throw notOn();
  if ('owner' in by && rolesRequireTwoFactor(state.roles)) {
    throw new Refusal(
      errorCodes.forbidden,
      'Moderators and admins need two-factor sign-in, so it stays on while you hold the role. You can replace your recovery codes instead.',
    );
  }
  const disabledBy = 'owner' in by ? 'owner' : `operator:${by.operator}`;
  return [{ type: 'identity.user.two-factor-disabled' as const, subjectId: userId, data: { userId, disabledBy, disabledAt: now.toISOString() } }];
};

export const decideRecoveryCodeUsed = (state: UserState, userId: string, { remaining, now }: { remaining: number; now: Date }) => {
  assertActive(state);
  if (!state.twoFactorEnabled) throw notOn();
  return [
    {
      type: 'identity.user.two-factor-recovery-code-used' as const,
      subjectId: userId,
      data: { userId, remaining, usedAt: now.toISOString() },
    },
  ];
};

export const decideRenewRecoveryCodes = (state: UserState, userId: string, { recoveryCodes, now }: { recoveryCodes: number; now: Date }) => {
  assertActive(state);
  if (!state.twoFactorEnabled) throw notOn();
  return [
    {
      type: 'identity.user.two-factor-recovery-codes-renewed' as const,
      subjectId: userId,
      data: { userId, recoveryCodes, renewedAt: now.toISOString() },
    },
  ];
};
