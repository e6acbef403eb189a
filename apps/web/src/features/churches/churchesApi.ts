import type { CreateChurchDto, UpdateChurchDto } from '../../shared/api/generated/abideApi';
import { churchesEndpoints } from '../../shared/api/generated/endpoints/churches';

export type CreateChurchRequest = CreateChurchDto;
export type UpdateChurchRequest = UpdateChurchDto;

/**
 * Community's church routes and the library's logo route (answers checked, cache tags from the routes: a join, a
 * leave, a new role or new branding changes the frame, the church's page and its settings at once).
 */
export const churchesApi = churchesEndpoints.enhanceEndpoints({
  endpoints: {
    // Community learns the new logo from the library's event a moment later: the answer is written into the cached
    // church and My Churches at once (a refetch now could still bring the old logo back).
    logosReplace: {
      onQueryStarted: async ({ churchId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(setLogo(churchId, data.logoUrl));
      },
    },
    logosRemove: {
      onQueryStarted: async (churchId, { dispatch, queryFulfilled }) => {
        if (await queryFulfilled.then(() => true).catch(() => false)) dispatch(setLogo(churchId, null));
      },
    },
  },
});

/** Puts a church's logo URL into every cached answer that shows it. */
function setLogo(churchId: string, logoUrl: string | null) {
  return (dispatch: (action: unknown) => unknown) => {
    dispatch(
      churchesApi.util.updateQueryData('churchesDetail', churchId, (draft) => {
        draft.logoUrl = logoUrl;
      }),
    );
    dispatch(
      churchesApi.util.updateQueryData('churchesMine', undefined, (draft) => {
        for (const church of draft.items) if (church.id === churchId) church.logoUrl = logoUrl;
      }),
    );
  };
}

export const {
  useChurchesMineQuery,
  useChurchesPortalQuery,
  useChurchesDetailQuery,
  useChurchesCreateMutation,
  useChurchesUpdateMutation,
  useChurchesNewCodeMutation,
  useChurchesJoinMutation,
  useChurchesRequestMutation,
  useChurchesWithdrawMutation,
  useChurchesLeaveMutation,
  useChurchesMembersQuery,
  useChurchesSetRoleMutation,
  useChurchesRemoveMutation,
  useChurchesRequestsQuery,
  useChurchesApproveMutation,
  useChurchesDeclineMutation,
  useLogosReplaceMutation,
  useLogosRemoveMutation,
} = churchesApi;
