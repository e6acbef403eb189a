import {
  dashboardSchema,
  groupMemberSchema,
  groupPageSchema,
  groupSummarySchema,
  joinRequestSchema,
  joinResultSchema,
  myRatingSchema,
  prayerRequestSchema,
} from '@abide/contracts';
import { abideApi, type CreateGroupDto, type UpdateGroupDto } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

export type CreateGroupRequest = CreateGroupDto;
export type UpdateGroupRequest = UpdateGroupDto;

/** A group's own cache entry (GET /groups/{id}). */
const group = (id: string) => ({ type: 'Group' as const, id });

/**
 * Community's group routes. Tags are coarse on purpose: a join, a leave or an approval changes counts on several
 * screens at once, and the data never goes stale on its own.
 */
export const groupsApi = abideApi.enhanceEndpoints<
  'MyGroups' | 'DiscoverGroups' | 'Group' | 'GroupMembers' | 'GroupRequests' | 'GroupDashboard' | 'GroupRating' | 'Prayers'
>({
  addTagTypes: ['MyGroups', 'DiscoverGroups', 'Group', 'GroupMembers', 'GroupRequests', 'GroupDashboard', 'GroupRating', 'Prayers'],
  endpoints: {
    groupsMine: { responseSchema: checkedBy(groupSummarySchema.array()), providesTags: ['MyGroups'] },
    groupsDiscover: { responseSchema: checkedBy(groupPageSchema), providesTags: ['DiscoverGroups'] },
    groupsOne: { responseSchema: checkedBy(groupSummarySchema), providesTags: (_result, _error, id) => [group(id)] },
    groupsCreate: { invalidatesTags: ['MyGroups', 'DiscoverGroups'] },
    groupsUpdate: { invalidatesTags: (_r, _e, { id }) => ['MyGroups', 'DiscoverGroups', 'GroupDashboard', group(id)] },
    groupsJoin: {
      responseSchema: checkedBy(joinResultSchema),
      invalidatesTags: (_r, _e, id) => ['MyGroups', 'DiscoverGroups', group(id), 'GroupMembers'],
    },
    groupsWithdraw: { invalidatesTags: (_r, _e, id) => ['DiscoverGroups', group(id)] },
    groupsLeave: { invalidatesTags: (_r, _e, id) => ['MyGroups', 'DiscoverGroups', 'GroupMembers', group(id)] },
    groupsMembers: { responseSchema: checkedBy(groupMemberSchema.array()), providesTags: ['GroupMembers'] },
    groupsRemove: { invalidatesTags: (_r, _e, { id }) => ['GroupMembers', 'GroupDashboard', 'MyGroups', group(id)] },
    groupsChangeRole: { invalidatesTags: ['GroupMembers', 'GroupDashboard'] },
    /** The owner hands the group to another member and stays on as a co-leader. */
    groupsHandOver: { invalidatesTags: (_r, _e, { id }) => ['GroupMembers', 'GroupDashboard', 'MyGroups', group(id)] },
    groupsRequests: { responseSchema: checkedBy(joinRequestSchema.array()), providesTags: ['GroupRequests'] },
    groupsApprove: {
      invalidatesTags: (_r, _e, { id }) => ['GroupRequests', 'GroupMembers', 'GroupDashboard', 'MyGroups', group(id)],
    },
    groupsDecline: {
      invalidatesTags: (_r, _e, { id }) => ['GroupRequests', 'GroupMembers', 'GroupDashboard', 'MyGroups', group(id)],
    },
    groupsDashboard: { responseSchema: checkedBy(dashboardSchema), providesTags: ['GroupDashboard'] },
    groupsMyRating: { responseSchema: checkedBy(myRatingSchema), providesTags: ['GroupRating'] },
    groupsRate: { invalidatesTags: ['GroupRating', 'GroupDashboard'] },
    prayersList: { responseSchema: checkedBy(prayerRequestSchema.array()), providesTags: ['Prayers'] },
    prayersPost: { invalidatesTags: ['Prayers'] },
    prayersPrayed: { invalidatesTags: ['Prayers'] },
    prayersAnswered: { invalidatesTags: ['Prayers'] },
    prayersHide: { invalidatesTags: ['Prayers'] },
    prayersRemove: { invalidatesTags: ['Prayers'] },
  },
});

export const {
  useGroupsMineQuery,
  useGroupsDiscoverQuery,
  useGroupsOneQuery,
  useGroupsCreateMutation,
  useGroupsUpdateMutation,
  useGroupsJoinMutation,
  useGroupsWithdrawMutation,
  useGroupsLeaveMutation,
  useGroupsMembersQuery,
  useGroupsRemoveMutation,
  useGroupsChangeRoleMutation,
  useGroupsHandOverMutation,
  useGroupsRequestsQuery,
  useGroupsApproveMutation,
  useGroupsDeclineMutation,
  useGroupsDashboardQuery,
  useGroupsMyRatingQuery,
  useGroupsRateMutation,
  usePrayersListQuery,
  usePrayersPostMutation,
  usePrayersPrayedMutation,
  usePrayersAnsweredMutation,
  usePrayersHideMutation,
  usePrayersRemoveMutation,
} = groupsApi;
