import { downloadLinkSchema, LIBRARY_PAGE_SIZE, resourcePageSchema, resourceSchema, type ResourcePage } from '@abide/contracts';
import { abideApi, type UpdateDraftDto } from '../../shared/api/generated/abideApi';
import { requestOf } from '../../shared/api/generated-request';
import { checkedBy } from '../../shared/api/response-schema';

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

/** GET /api/groups belongs to community; read only what a group choice needs and tolerate anything else. */
function toGroupOptions(body: unknown): GroupOption[] {
  const list = Array.isArray(body) ? body : [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name, myStatus } = item as { id?: unknown; name?: unknown; myStatus?: unknown };
    if (typeof id !== 'string' || typeof name !== 'string') return [];
    if (typeof myStatus === 'string' && !sharingStatuses.has(myStatus)) return [];
    return [{ id, name }];
  });
}

const listUploads = requestOf('uploadsList');
const listMyGroups = requestOf('groupsMine');

export const libraryApi = abideApi
  .enhanceEndpoints<'Resources' | 'ReviewQueue' | 'LibraryGroups'>({
    addTagTypes: ['Resources', 'ReviewQueue', 'LibraryGroups'],
    endpoints: {
      uploadsOne: { responseSchema: checkedBy(resourceSchema), providesTags: ['Resources'] },
      uploadsUpdate: { invalidatesTags: ['Resources'] },
      uploadsSubmit: { invalidatesTags: ['Resources', 'ReviewQueue'] },
      uploadsRemove: { invalidatesTags: ['Resources', 'ReviewQueue'] },
      /** A short-lived pre-signed link; asking for it counts the download, so the cards refetch. */
      uploadsDownload: { responseSchema: checkedBy(downloadLinkSchema), invalidatesTags: ['Resources'] },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The library and 'My uploads', 12 a page; 'Load More' fetches the next page and keeps the earlier ones. */
      listResources: build.infiniteQuery<ResourcePage, ResourceListArgs, number>({
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
        responseSchema: resourcePageSchema,
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
