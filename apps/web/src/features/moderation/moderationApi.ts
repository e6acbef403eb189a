import { auditPageSchema, reviewPreviewSchema, reviewQueueSchema, type ReviewQueue } from '@abide/contracts';
import type { z } from 'zod';
import { baseApi } from '../../shared/api/baseApi';

export type AuditPage = z.infer<typeof auditPageSchema>;
export type ReviewPreview = z.infer<typeof reviewPreviewSchema>;

const resource = (id: string) => `/moderation/resources/${encodeURIComponent(id)}`;

export const moderationApi = baseApi.enhanceEndpoints({ addTagTypes: ['ReviewQueue', 'Resources', 'ModerationAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    getReviewQueue: build.query<ReviewQueue, void>({
      query: () => '/moderation/queue',
      responseSchema: reviewQueueSchema,
      providesTags: ['ReviewQueue'],
    }),
    getReviewText: build.query<ReviewPreview, string>({
      query: (id) => `${resource(id)}/text`,
      responseSchema: reviewPreviewSchema,
    }),
    approveResource: build.mutation<void, string>({
      query: (id) => ({ url: `${resource(id)}/approve`, method: 'POST' }),
      invalidatesTags: ['ReviewQueue', 'Resources', 'ModerationAudit'],
    }),
    rejectResource: build.mutation<void, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${resource(id)}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['ReviewQueue', 'Resources', 'ModerationAudit'],
    }),
    getModerationAudit: build.query<AuditPage, number>({
      query: (page) => ({ url: '/moderation/audit', params: { page } }),
      responseSchema: auditPageSchema,
      providesTags: ['ModerationAudit'],
    }),
  }),
});

export const {
  useGetReviewQueueQuery,
  useGetReviewTextQuery,
  useApproveResourceMutation,
  useRejectResourceMutation,
  useGetModerationAuditQuery,
} = moderationApi;
