/** What other identity features may use of mail: the mailer and the messages they send through it. */
export { Mailer } from './mailer.service';
export {
  churchInvitationMail,
  churchInvitationText,
  confirmationMail,
  type InvitationFacts,
  joinNoticeMail,
  recoveryMail,
  signUpAttemptMail,
} from './mail-templates';
