import { errorCodes } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { foldUser, userDecider } from './user.decider';
import { assertCanEnrol } from './two-factor.decider';

const { given } = deciderSpec(userDecider);
const now = new Date('2026-11-25T10:00:00Z');
const at = now.toISOString();
const registered: NewEvent = {
  type: 'identity.user.registered',
  subjectId: 'u1',
  data: { userId: 'u1', email: 'ruth@example.com', name: 'Ruth', roles: ['user'], registeredAt: '2026-11-22T10:00:00.000Z' },
};
const enabled: NewEvent = {
  type: 'identity.user.two-factor-enabled',
  subjectId: 'u1',
  data: { userId: 'u1', method: 'totp', recoveryCodes: 10, enabledAt: at },
};
const moderator: NewEvent = {
  type: 'identity.user.roles-changed',
  subjectId: 'u1',
  data: { userId: 'u1', roles: ['user', 'moderator'], changedBy: 'operator:x' },
};
const deleted: NewEvent = { type: 'identity.user.deleted', subjectId: 'u1', data: { userId: 'u1', deletedAt: at } };
const used: NewEvent = { type: 'identity.user.two-factor-recovery-code-used', subjectId: 'u1', data: { userId: 'u1', remaining: 9, usedAt: at } };
const renewed: NewEvent = { type: 'identity.user.two-factor-recovery-codes-renewed', subjectId: 'u1', data: { userId: 'u1', recoveryCodes: 10, renewedAt: at } };
const disabled = (disabledBy: string): NewEvent => ({ type: 'identity.user.two-factor-disabled', subjectId: 'u1', data: { userId: 'u1', disabledBy, disabledAt: at } });

const enable = { type: 'EnableTwoFactor', userId: 'u1', recoveryCodes: 10, now } as const;
const ownerOff = { type: 'DisableTwoFactor', userId: 'u1', by: { owner: true }, now } as const;
const useCode = { type: 'UseRecoveryCode', userId: 'u1', remaining: 9, now } as const;
const renew = { type: 'RenewRecoveryCodes', userId: 'u1', recoveryCodes: 10, now } as const;

describe('two-factor decisions of the user stream', () => {
  it('turns it on once, with the number of recovery codes; the fold remembers both', () => {
    given([registered]).when(enable).then([enabled]);
    expect(foldUser([registered, enabled])).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    given([registered, enabled]).when(enable).thenThrows(errorCodes.conflict, 'Two-factor sign-in is already on.');
    expect(() => assertCanEnrol(foldUser([registered, enabled]))).toThrow('Two-factor sign-in is already on.');
  });

  it('counts the recovery codes down as they are used, and up again when renewed', () => {
    given([registered, enabled]).when(useCode).then([used]);
    given([registered, enabled, used]).when(renew).then([renewed]);
    expect(foldUser([registered, enabled, used])).toMatchObject({ recoveryCodesLeft: 9 });
    expect(foldUser([registered, enabled, used, renewed])).toMatchObject({ recoveryCodesLeft: 10 });
  });

  it('lets the owner turn it off, and then it is off with no codes left', () => {
    given([registered, enabled]).when(ownerOff).then([disabled('owner')]);
    expect(foldUser([registered, enabled, disabled('owner')])).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
  });

  it('keeps it on while the owner is a moderator or admin, but lets an operator reset it', () => {
    given([registered, enabled, moderator]).when(ownerOff).thenThrows(errorCodes.forbidden, /stays on while you hold the role/);
    given([registered, enabled, moderator])
      .when({ type: 'DisableTwoFactor', userId: 'u1', by: { operator: 'ops' }, now })
      .then([disabled('operator:ops')]);
  });

  it('refuses what needs it on when it is off, and everything on an unknown or deleted account', () => {
    for (const command of [ownerOff, useCode, renew]) {
      given([registered]).when(command).thenThrows(errorCodes.conflict, 'Two-factor sign-in is not on.');
      given([registered, enabled, deleted]).when(command).thenThrows(errorCodes.notFound, 'This account was not found.');
    }
    given([registered, enabled, deleted]).when(enable).thenThrows(errorCodes.notFound, 'This account was not found.');
    given([]).when(enable).thenThrows(errorCodes.notFound, 'This account was not found.');
  });
});
