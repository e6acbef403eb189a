/** A text as a service sends it (formation's reminders, identity's invitations); `idempotencyKey` names it in logs and lets providers that support one drop a repeat. */
export interface SmsMessage {
  to: string;
  text: string;
  idempotencyKey: string;
}

/**
 * An SMS provider. `send` resolves with the provider's id for the message once it is accepted; it rejects with
 * `SmsRefused` when the provider refuses this message for good (do not retry), and with any other error when trying
 * again later may work (the provider away or busy, a configuration to fix): the delivery job retries those with
 * back-off, a bounded number of times.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<{ id: string }>;
}

/** The provider refused this message for good: an opted-out or invalid number, a body it will not send. */
export class SmsRefused extends Error {
  override readonly name = 'SmsRefused';

  constructor(
    /** The provider's error code (Twilio: 21610 unsubscribed recipient, 21211 invalid number, …), or the HTTP status. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
