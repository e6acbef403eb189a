// A deep import of @abide/contracts, as planApi.ts does: My Plan is a member's first page (issue #12).
import type { ScripturePassage } from '@abide/contracts';
import { scripturePassageSchema } from '@abide/contracts/src/http/formation.dto';
import { baseApi } from '../../shared/api/baseApi';

export const scriptureApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The verses of a reference (World English Bible); the argument is the reference as shown. */
    getScripturePassage: build.query<ScripturePassage, string>({
      query: (reference) => ({ url: '/scripture', params: { ref: reference } }),
      responseSchema: scripturePassageSchema,
      // The text of a passage never changes: keep it while the app is open rather than read it again.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetScripturePassageQuery } = scriptureApi;
