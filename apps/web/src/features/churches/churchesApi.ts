import {
  churchDetailSchema,
  churchJoinRequestSchema,
  churchMemberSchema,
  churchPortalSchema,
  churchSummarySchema,
  logoResultSchema,
  myChurchesSchema,
} from '@abide/contracts';
import { abideApi, type CreateChurchDto, type UpdateChurchDto } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

export type CreateChurchRequest = CreateChurchDto;
export type UpdateChurchRequest = UpdateChurchDto;

const church = (id: string) => ({ type: 'Church' as const, id });

/**
 * Community's church routes and the library's logo route. A join, a leave, a new role or new branding changes the
 * frame (My Churches feeds its logo, colours and switcher), the church's page and its settings at once.
 */
export const churchesApi = abideApi.enhanceEndpoints<'MyChurches' | 'Church' | 'ChurchPortal' | 'ChurchMembers' | 'ChurchRequests' | 'DiscoverGroups'>({
  addTagTypes: ['MyChurches', 'Church', 'ChurchPortal', 'ChurchMembers', 'ChurchRequests', 'DiscoverGroups'],
  endpoints: {
    churchesMine: { responseSchema: checkedBy(myChurchesSchema), providesTags: ['MyChurches'] },
    churchesPortal: { responseSchema: checkedBy(churchPortalSchema), providesTags: ['ChurchPortal'] },
    churchesDetail: { responseSchema: checkedBy(churchDetailSchema), providesTags: (_r, _e, id) => [church(id)] },
    churchesCreate: { responseSchema: checkedBy(churchSummarySchema), invalidatesTags: ['MyChurches'] },
    churchesUpdate: { invalidatesTags: (_r, _e, { id }) => ['MyChurches', 'ChurchPortal', church(id)] },
    churchesNewCode: { invalidatesTags: (_r, _e, id) => [church(id)] },
    churchesJoin: { responseSchema: checkedBy(churchSummarySchema), invalidatesTags: ['MyChurches', 'ChurchPortal', 'DiscoverGroups'] },
    churchesRequest: { invalidatesTags: ['MyChurches'] },
    churchesWithdraw: { invalidatesTags: ['MyChurches'] },
    churchesLeave: { invalidatesTags: ['MyChurches', 'ChurchPortal', 'DiscoverGroups'] },
    churchesMembers: { responseSchema: checkedBy(churchMemberSchema.array()), providesTags: ['ChurchMembers'] },
    churchesSetRole: { invalidatesTags: (_r, _e, { id }) => ['ChurchMembers', church(id)] },
    churchesRemove: { invalidatesTags: (_r, _e, { id }) => ['ChurchMembers', 'ChurchPortal', church(id)] },
    churchesRequests: { responseSchema: checkedBy(churchJoinRequestSchema.array()), providesTags: ['ChurchRequests'] },
    churchesApprove: { invalidatesTags: (_r, _e, { id }) => ['ChurchRequests', 'ChurchMembers', 'ChurchPortal', church(id)] },
    churchesDecline: { invalidatesTags: (_r, _e, { id }) => ['ChurchRequests', church(id)] },
    // Community learns the new logo from the library's event a moment later: the answer is written into the cached
    // church and My Churches at once (a refetch now could still bring the old logo back).
    logosReplace: {
      responseSchema: checkedBy(logoResultSchema),
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
