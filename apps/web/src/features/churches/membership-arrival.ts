import type { AppDispatch } from '../../shared/store/store';
import { churchesApi } from './churchesApi';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until My Churches lists `churchId`. Accepting an invitation is identity's answer; community learns the new
 * membership from identity's event a moment later, so a plain refetch straight after can still say "no church" (the
 * page, the header's badge and the menu all read My Churches). Refetches the shared cache entry, so every place that
 * shows membership changes together; false when community has not caught up within `timeoutMs`.
 */
export const untilMemberOf =
  (churchId: string, { timeoutMs = 15_000, everyMs = 300 }: { timeoutMs?: number; everyMs?: number } = {}) =>
  async (dispatch: AppDispatch): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const request = dispatch(churchesApi.endpoints.churchesMine.initiate(undefined, { forceRefetch: true, subscribe: false }));
      const { data } = await request;
      if (data?.items.some((c) => c.id === churchId)) return true;
      if (Date.now() >= deadline) return false;
      await pause(everyMs);
    }
  };
