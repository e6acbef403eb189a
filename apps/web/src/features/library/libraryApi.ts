import { LIBRARY_PAGE_SIZE } from '@abide/contracts';
import type { ResourcePageDto, UpdateDraftDto } from '../../shared/api/generated/abideApi';
import { groupsMineResponse } from '../../shared/api/generated/endpoints/groups';
import { libraryEndpoints, uploadsListResponse } from '../../shared/api/generated/endpoints/library';
import { requestOf } from '../../shared/api/generated-request';

export type UpdateDraftRequest = UpdateDraftDto;

export interface ResourceListArgs {
  q?: string;
  category?: string;
  topic?: string;
  /** 'My uploads': the caller's own resources in every status. */
  mine?: boolean;
}

/** A group the member can share a resource with (from community's GET /api/groups). */
export interface GroupOption {
  id: string;
  name: string;
}

const sharingStatuses = new Set(['owner', 'co-leader', 'member']);

/** GET /api/groups belongs to community: the groups the member can share with, none when its answer is not a list of groups. */
function toGroupOptions(body: unknown): GroupOption[] {
  const groups = groupsMineResponse.safeParse(body);
  if (!groups.success) return [];
  return groups.data.filter((group) => sharingStatuses.has(group.myStatus)).map(({ id, name }) => ({ id, name }));
}

const listUploads = requestOf('uploadsList');
const listMyGroups = requestOf('groupsMine');

export const libraryApi = libraryEndpoints
  // The groups a resource can be shared with are the library's own read (live updates refresh it with a group's).
  .enhanceEndpoints({ addTagTypes: ['LibraryGroups'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The library and 'My uploads', 12 a page; 'Load More' fetches the next page and keeps the earlier ones. */
      listResources: build.infiniteQuery<ResourcePageDto, ResourceListArgs, number>({
        infiniteQueryOptions: {
          initialPageParam: 1,
          getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.page + 1 : undefined),
        },
        query: ({ queryArg: { q, category, topic, mine }, pageParam }) =>
          listUploads({
            q: q || undefined,
            category: category || undefined,
            topic: topic || undefined,
            mine: mine ? '1' : undefined,
            page: pageParam,
            pageSize: LIBRARY_PAGE_SIZE,
          }),
        responseSchema: uploadsListResponse,
        providesTags: ['Resources'],
      }),
      /** The member's groups for `group` visibility; an empty list when community is unavailable. */
      listSharingGroups: build.query<GroupOption[], void>({
        queryFn: async (_arg, _api, _extra, baseQuery) => {
          const result = await baseQuery(listMyGroups());
          return { data: result.error ? [] : toGroupOptions(result.data) };
        },
        providesTags: ['LibraryGroups'],
      }),
    }),
  });

export const {
  useListResourcesInfiniteQuery,
  useUploadsOneQuery,
  useUploadsUpdateMutation,
  useUploadsSubmitMutation,
  useUploadsRemoveMutation,
  useUploadsDownloadMutation,
  useUploadsReportMutation,
  useListSharingGroupsQuery,
} = libraryApi;
