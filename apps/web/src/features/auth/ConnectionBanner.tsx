import { useAppSelector } from '../../shared/store/hooks';
import { useOnline } from '../../shared/offline/connectivity';
import { selectApiUnreachable, selectIsSignedIn } from '../../shared/session/authSlice';

/**
 * Says so while the session's refresh cannot reach the API and is being retried: the member stays signed in and
 * keeps what they typed. Plain markup (like the loading screen), so it shows before the app's UI library has loaded.
 * The live region is always in the page (empty, and so flat, while all is well), so screen readers announce the message
 * when it appears.
 */
export function ConnectionBanner() {
  const unreachable = useAppSelector(selectApiUnreachable);
  // Before the session is restored (a reload) there is nothing yet to reassure about.
  const signedIn = useAppSelector(selectIsSignedIn);
  // Offline and signed in, the frame's own banner says so (app/frame/OfflineBanner.tsx): one message, not two.
  const online = useOnline();
  return (
    <div className="connection-banner" role="status" aria-live="polite">
      {unreachable && (online || !signedIn) && (
        <>
          <strong>We can't reach the service, retrying.</strong>
          {signedIn && " You're still signed in and nothing you've typed is lost."}
        </>
      )}
    </div>
  );
}
