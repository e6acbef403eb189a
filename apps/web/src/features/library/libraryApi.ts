import {
  downloadLinkSchema,
  LIBRARY_PAGE_SIZE,
  resourcePageSchema,
  resourceSchema,
  type DownloadLink,
  type Resource,
  type ResourcePage,
  type updateDraftRequestSchema,
} from '@abide/contracts';
import type { z } from 'zod';
import { baseApi } from '../../shared/api/baseApi';

export type UpdateDraftRequest = z.input<typeof updateDraftRequestSchema>;

export interface ResourceListArgs {
  q?: string;
  category?: string;
  topic?: string;
  /** 'My uploads': the caller's own resources in every status. */
  mine?: boolean;
}

/** A group the member can share a resource with (from community's GET /groups). */
export interface GroupOption {
  id: string;
  name: string;
}

const sharingStatuses = new Set(['owner', 'co-leader', 'member']);

/** GET /groups belongs to community; read only what a group choice needs and tolerate anything else. */
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

const byId = (id: string) => `/uploads/${encodeURIComponent(id)}`;

export const libraryApi = baseApi.enhanceEndpoints({ addTagTypes: ['Resources', 'ReviewQueue', 'LibraryGroups'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The library and 'My uploads', 12 a page; 'Load More' fetches the next page and keeps the earlier ones. */
    listResources: build.infiniteQuery<ResourcePage, ResourceListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/uploads',
        params: {
          ...(queryArg.q ? { q: queryArg.q } : {}),
          ...(queryArg.category ? { category: queryArg.category } : {}),
          ...(queryArg.topic ? { topic: queryArg.topic } : {}),
          ...(queryArg.mine ? { mine: 1 } : {}),
          page: pageParam,
          pageSize: LIBRARY_PAGE_SIZE,
        },
      }),
      responseSchema: resourcePageSchema,
      providesTags: ['Resources'],
    }),
    getResource: build.query<Resource, string>({
      query: (id) => byId(id),
      responseSchema: resourceSchema,
      providesTags: ['Resources'],
    }),
    updateDraft: build.mutation<Resource, { id: string; changes: UpdateDraftRequest }>({
      query: ({ id, changes }) => ({ url: byId(id), method: 'PATCH', body: changes }),
      invalidatesTags: ['Resources'],
    }),
    submitDraft: build.mutation<Resource, string>({
      query: (id) => ({ url: `${byId(id)}/submit`, method: 'POST', body: { termsAccepted: true } }),
      invalidatesTags: ['Resources', 'ReviewQueue'],
    }),
    deleteResource: build.mutation<void, string>({
      query: (id) => ({ url: byId(id), method: 'DELETE' }),
      invalidatesTags: ['Resources', 'ReviewQueue'],
    }),
    /** A short-lived pre-signed link; asking for it counts the download, so the cards refetch. */
    getDownloadLink: build.mutation<DownloadLink, string>({
      query: (id) => ({ url: `${byId(id)}/download`, method: 'POST' }),
      responseSchema: downloadLinkSchema,
      invalidatesTags: ['Resources'],
    }),
    reportResource: build.mutation<void, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${byId(id)}/reports`, method: 'POST', body: { reason } }),
    }),
    /** The member's groups for `group` visibility; an empty list when community is unavailable. */
    listSharingGroups: build.query<GroupOption[], void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/groups');
        return { data: result.error ? [] : toGroupOptions(result.data) };
      },
      providesTags: ['LibraryGroups'],
    }),
  }),
});

export const {
  useListResourcesInfiniteQuery,
  useGetResourceQuery,
  useUpdateDraftMutation,
  useSubmitDraftMutation,
  useDeleteResourceMutation,
  useGetDownloadLinkMutation,
  useReportResourceMutation,
  useListSharingGroupsQuery,
} = libraryApi;
