import { errorCodes, Refusal, rolesRequireTwoFactor } from '@abide/contracts';
import { assertActive, type UserState } from './user-state';

/** What the user stream decides about two-factor sign-in; the secret and codes themselves are kept out of the log. */

export type DisabledBy = { owner: true } | { operator: string };

/** The user aggregate's two-factor commands (decided by the user decider, see user.decider.ts). */
export type TwoFactorCommand =
  | { type: 'EnableTwoFactor'; userId: string; recoveryCodes: number; now: Date }
  | { type: 'DisableTwoFactor'; userId: string; by: DisabledBy; now: Date }
  | { type: 'UseRecoveryCode'; userId: string; remaining: number; now: Date }
  | { type: 'RenewRecoveryCodes'; userId: string; recoveryCodes: number; now: Date };

const alreadyOn = () => new Refusal(errorCodes.conflict, 'Two-factor sign-in is already on.');
const notOn = () => new Refusal(errorCodes.conflict, 'Two-factor sign-in is not on.');

/** Starting or confirming an enrolment needs it off (a second enrolment would replace the app the member relies on). */
export const assertCanEnrol = (state: UserState): void => {
  assertActive(state);
  if (state.twoFactorEnabled) throw alreadyOn();
};

const assertOn = (state: UserState): void => {
  assertActive(state);
  if (!state.twoFactorEnabled) throw notOn();
};

/**
 * The owner turns it off with their password and a code, but not while a role needs it; an operator's reset (a member
 * who lost both their phone and their recovery codes) may, and the member enrols again before using the role.
 */
export const decideTwoFactor = (c: TwoFactorCommand, state: UserState) => {
  const { userId, now } = c;
  switch (c.type) {
    case 'EnableTwoFactor':
      assertCanEnrol(state);
      return [
        {
          type: 'identity.user.two-factor-enabled' as const,
          subjectId: userId,
          data: { userId, method: 'totp' as const, recoveryCodes: c.recoveryCodes, enabledAt: now.toISOString() },
        },
      ];
    case 'DisableTwoFactor': {
      assertOn(state);
      if ('owner' in c.by && rolesRequireTwoFactor(state.roles)) {
        throw new Refusal(
          errorCodes.forbidden,
          'Moderators and admins need two-factor sign-in, so it stays on while you hold the role. You can replace your recovery codes instead.',
        );
      }
      const disabledBy = 'owner' in c.by ? 'owner' : `operator:${c.by.operator}`;
      return [{ type: 'identity.user.two-factor-disabled' as const, subjectId: userId, data: { userId, disabledBy, disabledAt: now.toISOString() } }];
    }
    case 'UseRecoveryCode':
      assertOn(state);
      return [
        {
          type: 'identity.user.two-factor-recovery-code-used' as const,
          subjectId: userId,
          data: { userId, remaining: c.remaining, usedAt: now.toISOString() },
        },
      ];
    case 'RenewRecoveryCodes':
      assertOn(state);
      return [
        {
          type: 'identity.user.two-factor-recovery-codes-renewed' as const,
          subjectId: userId,
          data: { userId, recoveryCodes: c.recoveryCodes, renewedAt: now.toISOString() },
        },
      ];
  }
};
