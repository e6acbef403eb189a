import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../shared/store/hooks';
import { rawRoutes, urlOf } from '../../../shared/raw-routes';
import { selectAccessToken } from '../../../shared/session/authSlice';

type FileState = { status: 'idle' | 'loading' | 'error'; url: null } | { status: 'ready'; url: string };
type Loaded = { id: string; url: string | null };

/**
 * The file under review as a blob: URL for an inline preview. The route needs the bearer token, which an
 * <iframe src> cannot send, so the file is fetched and handed to the frame as a blob (revoked afterwards).
 */
export function useResourceFileUrl(resourceId: string | null, enabled: boolean): FileState {
  const token = useAppSelector(selectAccessToken);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!resourceId || !enabled) return;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    fetch(urlOf(rawRoutes.moderationFile, { id: resourceId }), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      signal: abort.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status}`);
        const blob = await res.blob();
        // The store may label it generically; the preview frame needs to know it is a PDF.
        objectUrl = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
        setLoaded({ id: resourceId, url: objectUrl });
      })
      .catch(() => {
        if (!abort.signal.aborted) setLoaded({ id: resourceId, url: null });
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // The token refreshes every few minutes; refetching the file for that would only flicker the preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resourceId, enabled]);

  if (!resourceId || !enabled) return { status: 'idle', url: null };
  if (loaded?.id !== resourceId) return { status: 'loading', url: null };
  return loaded.url ? { status: 'ready', url: loaded.url } : { status: 'error', url: null };
}
