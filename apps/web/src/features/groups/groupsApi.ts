import {
  dashboardSchema,
  groupMemberSchema,
  groupPageSchema,
  groupSummarySchema,
  joinRequestSchema,
  joinResultSchema,
  myRatingSchema,
  prayerRequestSchema,
  type createGroupRequestSchema,
  type Dashboard,
  type GroupMember,
  type GroupPage,
  type GroupSummary,
  type JoinRequest,
  type JoinResult,
  type PrayerRequest,
  type updateGroupRequestSchema,
} from '@abide/contracts';
import type { z } from 'zod';
import { baseApi } from '../../shared/api/baseApi';

export type CreateGroupRequest = z.input<typeof createGroupRequestSchema>;
export type UpdateGroupRequest = z.input<typeof updateGroupRequestSchema>;
export type MyRating = z.infer<typeof myRatingSchema>;
export interface DiscoverArgs {
  q: string;
  page: number;
  pageSize: number;
}

const id = encodeURIComponent;
const groupListSchema = groupSummarySchema.array();
const memberListSchema = groupMemberSchema.array();
const requestListSchema = joinRequestSchema.array();
const prayerListSchema = prayerRequestSchema.array();

/**
 * Community's group routes. Tags are coarse on purpose: a join, a leave or an approval changes counts
 * on several screens at once, and the data never goes stale on its own (spec §9).
 */
export const groupsApi = baseApi
  .enhanceEndpoints({
    addTagTypes: ['MyGroups', 'DiscoverGroups', 'Group', 'GroupMembers', 'GroupRequests', 'GroupDashboard', 'GroupRating', 'Prayers'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getMyGroups: build.query<GroupSummary[], void>({
        query: () => '/groups',
        responseSchema: groupListSchema,
        providesTags: ['MyGroups'],
      }),
      discoverGroups: build.query<GroupPage, DiscoverArgs>({
        query: ({ q, page, pageSize }) => ({ url: '/groups/discover', params: q ? { q, page, pageSize } : { page, pageSize } }),
        responseSchema: groupPageSchema,
        providesTags: ['DiscoverGroups'],
      }),
      getGroup: build.query<GroupSummary, string>({
        query: (groupId) => `/groups/${id(groupId)}`,
        responseSchema: groupSummarySchema,
        providesTags: (_result, _error, groupId) => [{ type: 'Group', id: groupId }],
      }),
      createGroup: build.mutation<GroupSummary, CreateGroupRequest>({
        query: (body) => ({ url: '/groups', method: 'POST', body }),
        invalidatesTags: ['MyGroups', 'DiscoverGroups'],
      }),
      updateGroup: build.mutation<GroupSummary, { groupId: string; changes: UpdateGroupRequest }>({
        query: ({ groupId, changes }) => ({ url: `/groups/${id(groupId)}`, method: 'PATCH', body: changes }),
        invalidatesTags: (_r, _e, { groupId }) => ['MyGroups', 'DiscoverGroups', 'GroupDashboard', { type: 'Group', id: groupId }],
      }),
      joinGroup: build.mutation<JoinResult, string>({
        query: (groupId) => ({ url: `/groups/${id(groupId)}/join`, method: 'POST' }),
        responseSchema: joinResultSchema,
        invalidatesTags: (_r, _e, groupId) => ['MyGroups', 'DiscoverGroups', { type: 'Group', id: groupId }, 'GroupMembers'],
      }),
      withdrawRequest: build.mutation<void, string>({
        query: (groupId) => ({ url: `/groups/${id(groupId)}/requests/mine`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, groupId) => ['DiscoverGroups', { type: 'Group', id: groupId }],
      }),
      leaveGroup: build.mutation<void, string>({
        query: (groupId) => ({ url: `/groups/${id(groupId)}/leave`, method: 'POST' }),
        invalidatesTags: (_r, _e, groupId) => ['MyGroups', 'DiscoverGroups', 'GroupMembers', { type: 'Group', id: groupId }],
      }),
      getMembers: build.query<GroupMember[], string>({
        query: (groupId) => `/groups/${id(groupId)}/members`,
        responseSchema: memberListSchema,
        providesTags: ['GroupMembers'],
      }),
      removeMember: build.mutation<void, { groupId: string; userId: string }>({
        query: ({ groupId, userId }) => ({ url: `/groups/${id(groupId)}/members/${id(userId)}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, { groupId }) => ['GroupMembers', 'GroupDashboard', 'MyGroups', { type: 'Group', id: groupId }],
      }),
      changeRole: build.mutation<void, { groupId: string; userId: string; role: 'co-leader' | 'member' }>({
        query: ({ groupId, userId, role }) => ({
          url: `/groups/${id(groupId)}/members/${id(userId)}/role`,
          method: 'PUT',
          body: { role },
        }),
        invalidatesTags: ['GroupMembers', 'GroupDashboard'],
      }),
      /** The owner hands the group to another member and stays on as a co-leader. */
      handOver: build.mutation<void, { groupId: string; userId: string }>({
        query: ({ groupId, userId }) => ({ url: `/groups/${id(groupId)}/owner`, method: 'POST', body: { userId } }),
        invalidatesTags: (_r, _e, { groupId }) => ['GroupMembers', 'GroupDashboard', 'MyGroups', { type: 'Group', id: groupId }],
      }),
      getRequests: build.query<JoinRequest[], string>({
        query: (groupId) => `/groups/${id(groupId)}/requests`,
        responseSchema: requestListSchema,
        providesTags: ['GroupRequests'],
      }),
      decideRequest: build.mutation<void, { groupId: string; requestId: string; decision: 'approve' | 'decline' }>({
        query: ({ groupId, requestId, decision }) => ({
          url: `/groups/${id(groupId)}/requests/${id(requestId)}/${decision}`,
          method: 'POST',
        }),
        invalidatesTags: (_r, _e, { groupId }) => [
          'GroupRequests',
          'GroupMembers',
          'GroupDashboard',
          'MyGroups',
          { type: 'Group', id: groupId },
        ],
      }),
      getDashboard: build.query<Dashboard, string>({
        query: (groupId) => `/groups/${id(groupId)}/dashboard`,
        responseSchema: dashboardSchema,
        providesTags: ['GroupDashboard'],
      }),
      getMyRating: build.query<MyRating, string>({
        query: (groupId) => `/groups/${id(groupId)}/ratings/mine`,
        responseSchema: myRatingSchema,
        providesTags: ['GroupRating'],
      }),
      rateMeeting: build.mutation<void, { groupId: string; rating: number }>({
        query: ({ groupId, rating }) => ({ url: `/groups/${id(groupId)}/ratings`, method: 'POST', body: { rating } }),
        invalidatesTags: ['GroupRating', 'GroupDashboard'],
      }),
      getPrayers: build.query<PrayerRequest[], string>({
        query: (groupId) => `/groups/${id(groupId)}/prayers`,
        responseSchema: prayerListSchema,
        providesTags: ['Prayers'],
      }),
      postPrayer: build.mutation<void, { groupId: string; text: string; anonymous: boolean }>({
        query: ({ groupId, text, anonymous }) => ({ url: `/groups/${id(groupId)}/prayers`, method: 'POST', body: { text, anonymous } }),
        invalidatesTags: ['Prayers'],
      }),
      prayerAction: build.mutation<void, { groupId: string; prayerId: string; action: 'prayed' | 'answered' | 'hide'; testimony?: string }>(
        {
          query: ({ groupId, prayerId, action, testimony }) => ({
            url: `/groups/${id(groupId)}/prayers/${id(prayerId)}/${action}`,
            method: 'POST',
            body: action === 'answered' ? { testimony: testimony ?? '' } : undefined,
          }),
          invalidatesTags: ['Prayers'],
        },
      ),
      deletePrayer: build.mutation<void, { groupId: string; prayerId: string }>({
        query: ({ groupId, prayerId }) => ({ url: `/groups/${id(groupId)}/prayers/${id(prayerId)}`, method: 'DELETE' }),
        invalidatesTags: ['Prayers'],
      }),
    }),
  });

export const {
  useGetMyGroupsQuery,
  useDiscoverGroupsQuery,
  useGetGroupQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useJoinGroupMutation,
  useWithdrawRequestMutation,
  useLeaveGroupMutation,
  useGetMembersQuery,
  useRemoveMemberMutation,
  useChangeRoleMutation,
  useHandOverMutation,
  useGetRequestsQuery,
  useDecideRequestMutation,
  useGetDashboardQuery,
  useGetMyRatingQuery,
  useRateMeetingMutation,
  useGetPrayersQuery,
  usePostPrayerMutation,
  usePrayerActionMutation,
  useDeletePrayerMutation,
} = groupsApi;
