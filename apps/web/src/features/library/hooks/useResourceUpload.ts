import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import type { AppDispatch, RootState } from '../../../shared/store/store';
import { selectAccessToken, sessionEvent, signedOut } from '../../../shared/session/authSlice';
import { refreshSession } from '../../../shared/session/session-client';
import { libraryApi } from '../libraryApi';
import { sendUpload, type UploadOutcome } from '../upload-request';

/**
 * Sends an upload with real progress (issue 5): percent of bytes sent while it runs, 100 when the server
 * answers, back to 0 after success or failure. Uses the session's token like baseApi does,
 * including one refresh-and-retry when the token expired early.
 */
export function useResourceUpload() {
  const store = useStore<RootState>();
  const dispatch = store.dispatch as AppDispatch;
  const [progress, setProgress] = useState(0);
  const [uploading, setUploading] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const upload = useCallback(
    async (makeBody: () => FormData): Promise<UploadOutcome> => {
      abort.current = new AbortController();
      setUploading(true);
      setProgress(0);
      const attempt = () =>
        sendUpload({
          body: makeBody(),
          token: selectAccessToken(store.getState()),
          onProgress: setProgress,
          signal: abort.current?.signal,
        });
      try {
        let outcome = await attempt();
        if (!outcome.ok && outcome.status === 401 && selectAccessToken(store.getState())) {
          const refreshed = await refreshSession();
          if (refreshed.kind !== 'refreshed') {
            if (refreshed.kind === 'no-session') dispatch(signedOut());
            return outcome;
          }
          dispatch(sessionEvent({ type: 'TOKEN_REFRESHED', session: refreshed.session }));
          setProgress(0);
          outcome = await attempt();
        }
        if (outcome.ok) {
          setProgress(100);
          dispatch(libraryApi.util.invalidateTags(['Resources', 'ReviewQueue']));
        }
        return outcome;
      } finally {
        setUploading(false);
        setProgress(0);
      }
    },
    [store, dispatch],
  );

  return { upload, progress, uploading };
}
