import { Injectable } from '@nestjs/common';
import { UserCommands } from '../accounts/accounts.port';
import { SmsPermissions } from './sms-permissions';
import { SmsStops } from './sms-stops';
import { VerifiedNumbers } from './verified-numbers';

/** What Settings shows about the member's number: proved by them, stopped (and since when), where START goes. */
export interface NumberStatus {
  verified: boolean;
  stoppedAt: Date | null;
  startTo: string;
}

/**
 * The opt-in to reminder texts against the number's own record: asked before an opt-in (SmsPermissions), and checked
 * again after it, because a STOP can land between the check and the opt-in's append on another replica; the webhook
 * then may not have seen the new opt-in, so the opt-in ends itself as the STOP would have ended it.
 */
@Injectable()
export class SmsOptIns {
  constructor(
    private readonly users: UserCommands,
    private readonly permissions: SmsPermissions,
    private readonly stops: SmsStops,
    private readonly verified: VerifiedNumbers,
  ) {}

  assertMayOptIn(userId: string, number: string): Promise<void> {
    return this.permissions.assertMayOptIn(userId, number);
  }

  async honourStopAfterOptIn(userId: string, number: string, correlationId: string): Promise<void> {
    if (!(await this.stops.isStopped(number))) return;
    await this.users.handle({ type: 'AnswerSmsReply', userId, from: number, keyword: 'stop', now: new Date() }, {
      correlationId,
    });
  }

  async statusOf(userId: string, number: string | null): Promise<NumberStatus> {
    const startTo = this.permissions.startTo;
    if (!number) return { verified: false, stoppedAt: null, startTo };
    const [verified, stoppedAt] = await Promise.all([this.verified.isVerifiedBy(userId, number), this.stops.stoppedAt(number)]);
    return { verified, stoppedAt, startTo };
  }
}
