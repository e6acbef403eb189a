// A deep import of @abide/contracts, as planApi.ts does: My Plan is a member's first page (issue #12).
import { scripturePassageSchema } from '@abide/contracts/src/http/formation.dto';
import { abideApi } from '../../shared/api/generated/abideApi';

/** The verses of a reference (World English Bible); the argument is the reference as shown. */
export const scriptureApi = abideApi.enhanceEndpoints({
  endpoints: {
    scripturePassage: {
      responseSchema: scripturePassageSchema,
      // The text of a passage never changes: keep it while the app is open rather than read it again.
      keepUnusedDataFor: 3600,
    },
  },
});

export const { useScripturePassageQuery } = scriptureApi;
