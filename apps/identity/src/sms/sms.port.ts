import type { NumberStatus } from './sms-opt-ins';

/** What other identity features may use of text messages (docs/structure.md, "Ports"): a member's opt-in, who may be texted, and proved numbers. */
export type { NumberStatus };

/** A member choosing text messages for their number (onboarding, settings), and what the number's state is. */
export abstract class SmsOptInChecks {
  /** Refuses a number whose owner said STOP or that the member has not proved, in words for the member. */
  abstract assertMayOptIn(userId: string, number: string): Promise<void>;
  abstract honourStopAfterOptIn(userId: string, number: string, correlationId: string): Promise<void>;
  abstract statusOf(userId: string, number: string | null): Promise<NumberStatus>;
}

/** Whether a number may get a message that is not a code (an invitation, a notice). */
export abstract class SmsPermission {
  /** The number's owner proved it, and it did not say STOP. */
  abstract mayText(number: string): Promise<boolean>;
}

/** The numbers a member proved: whether one is theirs, and forgetting them with their account. */
export abstract class ProvedNumbers {
  abstract isVerifiedBy(userId: string, number: string): Promise<boolean>;
  abstract forget(userId: string): Promise<void>;
}
