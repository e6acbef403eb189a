import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@abide/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { SmsStops } from './sms-stops';
import { VerifiedNumbers } from './verified-numbers';

/**
 * What may be texted to a number, asked by every sender before every text (docs/architecture.md, "Text messages"):
 * - a number that replied STOP gets nothing at all until it texts START, whatever any account says;
 * - otherwise a verification code may be sent to it, and that is all, until its owner typed the code back: only a
 *   proved number is texted anything else (reminders for the member who proved it, a church invitation).
 */
@Injectable()
export class SmsPermissions {
  constructor(
    private readonly stops: SmsStops,
    private readonly verified: VerifiedNumbers,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** A verification code. */
  async mayTextCode(number: string): Promise<boolean> {
    return !(await this.stops.isStopped(number));
  }

  /** Anything else: an invitation, a notice. The number's owner proved it, and it did not say STOP. */
  async mayText(number: string): Promise<boolean> {
    return (await this.verified.isVerified(number)) && !(await this.stops.isStopped(number));
  }

  /** The member may turn reminder texts on at `number`: they proved it is theirs, and it did not say STOP. */
  async assertMayOptIn(userId: string, number: string, field = 'phoneNumber'): Promise<void> {
    if (await this.stops.isStopped(number)) throw this.stopped();
    if (!(await this.verified.isVerifiedBy(userId, number))) {
      throw DomainError.validation([{ field, message: 'Verify this number first: send a code to it and type the code we text you.' }]);
    }
  }

  async assertMayTextCode(number: string): Promise<void> {
    if (!(await this.mayTextCode(number))) throw this.stopped();
  }

  /** Our number, which a STOPped number texts START to. */
  get startTo(): string {
    return this.config.SMS_FROM;
  }

  private stopped(): DomainError {
    return DomainError.conflict(`This number replied STOP; text START to ${this.startTo} to receive texts again.`);
  }
}
