import { NotAllowedPage } from './NotAllowedPage';

/**
 * A moderator's or admin's page in a session that has not passed two-factor sign-in: the server refuses its data
 * (TWO_FACTOR_REQUIRED) until the member turns it on in Settings, which counts for this session at once.
 */
export function TwoFactorNeededPage({ className, documentTitle }: { className: string; documentTitle: string }) {
  return (
    <NotAllowedPage
      className={className}
      documentTitle={documentTitle}
      title="Turn on two-factor sign-in first"
      subTitle="Moderator and admin tools show other people's uploads and activity, so they need two-factor sign-in. It takes a minute with an authenticator app."
      back={{ to: '/settings#two-factor', label: 'Set Up Two-Factor Sign-In' }}
    />
  );
}
