import { errorCodes, type EventPayload, Refusal } from '@abide/contracts';
import { foldUser, UserNotFound } from '../../accounts/domain/user.decider';
import { assertCanEnrol, decideDisableTwoFactor, decideEnableTwoFactor, decideRecoveryCodeUsed, decideRenewRecoveryCodes } from './two-factor.decisions';

const now = new Date('2026-11-25T10:00:00Z');
const registered: EventPayload = {
  type: 'identity.user.registered',
  data: { userId: 'u1', email: 'ruth@example.com', name: 'Ruth', roles: ['user'], registeredAt: '2026-11-22T10:00:00.000Z' },
};
const enabled: EventPayload = {
  type: 'identity.user.two-factor-enabled',
  data: { userId: 'u1', method: 'totp', recoveryCodes: 10, enabledAt: '2026-11-24T10:00:00.000Z' },
};
const moderator: EventPayload = { type: 'identity.user.roles-changed', data: { userId: 'u1', roles: ['user', 'moderator'], changedBy: 'operator:x' } };

const refusalOf = (decide: () => unknown): Refusal => {
  try {
    decide();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('two-factor decisions of the user stream', () => {
  it('turns it on once, with the number of recovery codes; the fold remembers both', () => {
    const events = decideEnableTwoFactor(foldUser([registered]), 'u1', { recoveryCodes: 10, now });
    expect(events).toEqual([
      { type: 'identity.user.two-factor-enabled', subjectId: 'u1', data: { userId: 'u1', method: 'totp', recoveryCodes: 10, enabledAt: now.toISOString() } },
    ]);
    const state = foldUser([registered, ...events]);
    expect(state).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    expect(refusalOf(() => decideEnableTwoFactor(state, 'u1', { recoveryCodes: 10, now })).code).toBe(errorCodes.conflict);
    expect(refusalOf(() => assertCanEnrol(state)).message).toBe('Two-factor sign-in is already on.');
  });

  it('counts the recovery codes down as they are used, and up again when renewed', () => {
    const used = decideRecoveryCodeUsed(foldUser([registered, enabled]), 'u1', { remaining: 9, now });
    expect(used[0]).toMatchObject({ type: 'identity.user.two-factor-recovery-code-used', data: { remaining: 9 } });
    const renewed = decideRenewRecoveryCodes(foldUser([registered, enabled, ...used]), 'u1', { recoveryCodes: 10, now });
    expect(foldUser([registered, enabled, ...used])).toMatchObject({ recoveryCodesLeft: 9 });
    expect(foldUser([registered, enabled, ...used, ...renewed])).toMatchObject({ recoveryCodesLeft: 10 });
  });

  it('lets the owner turn it off, and then it is off with no codes left', () => {
    const events = decideDisableTwoFactor(foldUser([registered, enabled]), 'u1', { by: { owner: true }, now });
    expect(events).toEqual([
      { type: 'identity.user.two-factor-disabled', subjectId: 'u1', data: { userId: 'u1', disabledBy: 'owner', disabledAt: now.toISOString() } },
    ]);
    expect(foldUser([registered, enabled, ...events])).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
  });

  it('keeps it on while the owner is a moderator or admin, but lets an operator reset it', () => {
    const state = foldUser([registered, enabled, moderator]);
    const refusal = refusalOf(() => decideDisableTwoFactor(state, 'u1', { by: { owner: true }, now }));
    expect(refusal.code).toBe(errorCodes.forbidden);
    expect(refusal.message).toContain('stays on while you hold the role');
    expect(decideDisableTwoFactor(state, 'u1', { by: { operator: 'ops' }, now })[0].data.disabledBy).toBe('operator:ops');
  });

  it('refuses what needs it on when it is off, and everything on a deleted account', () => {
    const off = foldUser([registered]);
    for (const decide of [
      () => decideDisableTwoFactor(off, 'u1', { by: { owner: true }, now }),
      () => decideRecoveryCodeUsed(off, 'u1', { remaining: 9, now }),
      () => decideRenewRecoveryCodes(off, 'u1', { recoveryCodes: 10, now }),
    ]) {
      expect(refusalOf(decide).message).toBe('Two-factor sign-in is not on.');
    }
    const deleted = foldUser([registered, enabled, { type: 'identity.user.deleted', data: { userId: 'u1', deletedAt: now.toISOString() } }]);
    expect(() => decideEnableTwoFactor(deleted, 'u1', { recoveryCodes: 10, now })).toThrow(UserNotFound);
  });
});
