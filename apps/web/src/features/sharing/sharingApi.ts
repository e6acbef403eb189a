import { abideApi, type SharingMineApiResponse } from '../../shared/api/generated/abideApi';
import { sharingEndpoints } from '../../shared/api/generated/endpoints/sharing';

export type MySharing = SharingMineApiResponse;

/** The member's sharing choices, one per group and church they belong to (#26). */
export const sharingApi = sharingEndpoints.enhanceEndpoints({
  endpoints: {
    // Joining or leaving changes the list: pages read it afresh when they open.
    sharingMine: { keepUnusedDataFor: 0 },
    // Every change answers the member's whole list: it replaces the cached one at once, so each page shows the same
    // choices; the list is also read again (the routes' tags), in case a read begun before the change (a page
    // opening) lands after it.
    sharingGroup: { onQueryStarted: (_a, api) => keep(api.dispatch, api.queryFulfilled) },
    sharingChurch: { onQueryStarted: (_a, api) => keep(api.dispatch, api.queryFulfilled) },
    sharingAll: { onQueryStarted: (_a, api) => keep(api.dispatch, api.queryFulfilled) },
  },
});

// Typed on the generated API (the same cache): typed on sharingApi it would refer to itself.
type Dispatch = (action: ReturnType<typeof abideApi.util.upsertQueryData>) => unknown;
/** The list a change answered becomes the cached list (a failure is reported by the switch that asked). */
async function keep(dispatch: Dispatch, answer: Promise<{ data: MySharing }>): Promise<void> {
  const result = await answer.catch(() => null);
  if (result) dispatch(abideApi.util.upsertQueryData('sharingMine', undefined, result.data));
}

export const { useSharingMineQuery, useSharingGroupMutation, useSharingChurchMutation, useSharingAllMutation } = sharingApi;
