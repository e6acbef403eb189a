import type { CreateGroupDto, UpdateGroupDto } from '../../shared/api/generated/abideApi';
import { groupsEndpoints } from '../../shared/api/generated/endpoints/groups';

export type CreateGroupRequest = CreateGroupDto;
export type UpdateGroupRequest = UpdateGroupDto;

/**
 * Community's group routes, their answers checked and their cache tags as the routes declare them (coarse on purpose:
 * a join, a leave or an approval changes counts on several screens at once, and the data never goes stale on its own).
 */
export const groupsApi = groupsEndpoints;

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
