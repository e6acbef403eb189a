import { scriptureEndpoints } from '../../shared/api/generated/endpoints/scripture';

/** The verses of a reference (World English Bible); the argument is the reference as shown. */
export const scriptureApi = scriptureEndpoints.enhanceEndpoints({
  endpoints: {
    scripturePassage: {
      // The text of a passage never changes: keep it while the app is open rather than read it again.
      keepUnusedDataFor: 3600,
    },
  },
});

export const { useScripturePassageQuery } = scriptureApi;
