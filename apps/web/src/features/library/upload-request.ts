import type { ProblemDetails } from '@abide/contracts';
import type { ResourceDto } from '../../shared/api/generated/abideApi';
import { uploadsUploadResponse } from '../../shared/api/generated/endpoints/library';
import { rawRoutes } from '../../shared/raw-routes';

export type UploadOutcome = { ok: true; resource: ResourceDto } | { ok: false; status: number; problem: Partial<ProblemDetails> | null };

export interface UploadRequest {
  body: FormData;
  token: string | null;
  /** Percent of the request's bytes sent (0-100). */
  onProgress(percent: number): void;
  signal?: AbortSignal;
}

/** The share of bytes sent, kept below 100 until the server has answered (sending is not storing). */
export function sentPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(99, Math.floor((loaded / total) * 100));
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/uploads with XMLHttpRequest: fetch has no upload progress events, and issue 5 asks for the
 * real progress of the bytes sent. Resolves with the created resource or the problem the server sent.
 */
export function sendUpload({ body, token, onProgress, signal }: UploadRequest): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(rawRoutes.upload.method, rawRoutes.upload.path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json, application/problem+json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(sentPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      // A stored upload answers the resource as the API document describes it; anything else is no success.
      const stored = xhr.status >= 200 && xhr.status < 300 ? uploadsUploadResponse.safeParse(data) : undefined;
      if (stored?.success) resolve({ ok: true, resource: stored.data });
      else if (stored) resolve({ ok: false, status: xhr.status, problem: null });
      else resolve({ ok: false, status: xhr.status, problem: (data as Partial<ProblemDetails> | null) ?? null });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, problem: null });
    xhr.onabort = () => resolve({ ok: false, status: 0, problem: null });
    xhr.ontimeout = () => resolve({ ok: false, status: 0, problem: null });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * 'Upload failed' / 'Please try again.' — except that a refusal the member can act on (a 4xx with a
 * reason, e.g. the file type decided from the content) shows the server's reason instead.
 */
export function uploadFailureToast(outcome: Extract<UploadOutcome, { ok: false }>): { message: string; description: string } {
  const generic = { message: 'Upload failed', description: 'Please try again.' };
  if (outcome.status < 400 || outcome.status >= 500 || outcome.status === 401 || !outcome.problem) return generic;
  const reason = outcome.problem.errors?.[0]?.message ?? outcome.problem.detail;
  return reason ? { message: 'Upload failed', description: reason } : generic;
}
