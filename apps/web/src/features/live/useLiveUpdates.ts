import type { LiveChange } from '@abide/contracts';
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '../../shared/store/store';
import { baseApi } from '../../shared/api/baseApi';
import { selectAccessToken, sessionEvent, signedOut } from '../../shared/session/authSlice';
import { refreshSession } from '../../shared/session/session-client';
import { type LiveTag, mergeTags, tagsForChange, tagsForResync } from './live-tags';

/** Changes pushed within this long are applied together (one refetch per screen). */
const BATCH_MS = 100;

/**
 * Keeps the signed-in member's screens live (docs/architecture.md, "Live updates"): opens their stream while
 * `memberId` is set and turns each pushed change into cache invalidations, so the bell, My Groups, a group's page and
 * dashboard, My uploads and the Review Queue refetch what changed without a reload. Mounted once, in the signed-in frame.
 */
export function useLiveUpdates(memberId: string | undefined): void {
  const store = useStore() as AppStore;
  useEffect(() => {
    if (!memberId) return;
    let pending: LiveTag[][] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const invalidate = (tags: LiveTag[]) => {
      pending.push(tags);
      timer ??= setTimeout(() => {
        const batch = mergeTags(pending);
        pending = [];
        timer = undefined;
        // The tags are the features' own (added with enhanceEndpoints), unknown to the base slice's types.
        store.dispatch(baseApi.util.invalidateTags(batch as never));
      }, BATCH_MS);
    };
    // The stream's client (and the zod schema its messages are checked with) loads once the frame has drawn: the
    // stream opens after the first paint anyway, and off the first view's download My Plan draws sooner (issue #27).
    let close: (() => void) | undefined;
    let unmounted = false;
    // A failed download leaves the screens as they were before live updates: refreshed on navigation and focus.
    import('./live-connection').then(
      ({ connectLive }) => {
        if (unmounted) return;
        close = connectLive({
          token: () => selectAccessToken(store.getState()),
          onChange: (change: LiveChange) => invalidate(tagsForChange(change)),
          onResync: () => invalidate(tagsForResync()),
          onUnauthorized: async () => {
            const outcome = await refreshSession();
            if (outcome.kind === 'refreshed') {
              store.dispatch(sessionEvent({ type: 'TOKEN_REFRESHED', session: outcome.session }));
              return true;
            }
            if (outcome.kind === 'no-session') store.dispatch(signedOut());
            return false;
          },
        });
      },
      () => undefined,
    );
    return () => {
      unmounted = true;
      close?.();
      clearTimeout(timer);
    };
  }, [memberId, store]);
}
