/** A full-screen placeholder while the session is loading and no user is known. */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="loading-screen__dot" aria-hidden />
      Loading...
    </div>
  );
}
