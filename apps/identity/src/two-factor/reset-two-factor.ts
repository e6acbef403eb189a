import { Injectable } from '@nestjs/common';
import { Accounts, UserCommands } from '../accounts/accounts.port';
import { TwoFactorSecrets } from './two-factor-secrets.store';

export const parseTwoFactorReset = (args: string[]): string => {
  const [action, email] = args;
  if (action !== 'reset' || !email?.includes('@')) throw new Error('usage: two-factor reset <email>');
  return email.trim().toLowerCase();
};

/**
 * The operator's reset for a member who lost both their authenticator and their recovery codes (after checking who
 * they are, outside Abide): two-factor sign-in is off and its secret gone, so the password signs in again. A
 * moderator or admin must then turn it on again before using the role.
 */
@Injectable()
export class ResetTwoFactor {
  constructor(
    private readonly users: UserCommands,
    private readonly views: Accounts,
    private readonly secrets: TwoFactorSecrets,
  ) {}

  /** True when it was on and is now off; false when it was already off. */
  async execute(email: string, operator: string): Promise<boolean> {
    const user = await this.views.findByEmail(email);
    if (!user) throw new Error(`No account with the e-mail ${email}`);
    const { state } = await this.users.load(user._id);
    const wasOn = state.twoFactorEnabled;
    if (wasOn) {
      await this.users.handle({ type: 'DisableTwoFactor', userId: user._id, by: { operator }, now: new Date() }, {
        correlationId: `two-factor-cli-${Date.now()}`,
      });
    }
    await this.secrets.forget(user._id);
    return wasOn;
  }
}
