import type { MailContent } from './mail-templates';

/** What other identity features may use of mail (docs/structure.md, "Ports"): sending, and the messages they send. */
export {
  churchInvitationMail,
  churchInvitationText,
  confirmationMail,
  type InvitationFacts,
  joinNoticeMail,
  recoveryMail,
  signUpAttemptMail,
} from './mail-templates';

export abstract class MailSender {
  /** Sends and waits: a job's delivery (an invitation) fails, and is retried, when the mail does not go out. */
  abstract send(to: string, content: MailContent): Promise<void>;
  /** Sends without making the caller wait (sign-up, recovery: the answer's timing must not tell which addresses exist); a failure is logged. */
  abstract sendInBackground(to: string, content: MailContent): void;
}
