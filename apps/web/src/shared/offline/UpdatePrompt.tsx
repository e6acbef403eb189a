import { useWaitingUpdate } from './app-update';

/**
 * Offers the new version once it is installed and waiting. Plain markup (the landing page loads no UI library); a
 * live region always in the page, so the offer is announced when it appears.
 */
export function UpdatePrompt() {
  const apply = useWaitingUpdate();
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      {apply ? (
        <>
          <span>A new version of Abide is ready.</span>
          <button type="button" className="update-prompt__button" onClick={apply}>
            Reload to update
          </button>
        </>
      ) : null}
    </div>
  );
}
