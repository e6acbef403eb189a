import { auditPageSchema, reviewPreviewSchema, reviewQueueSchema } from '@abide/contracts';
import { abideApi, type AuditPageDto, type ReviewPreviewDto } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

export type AuditPage = AuditPageDto;
export type ReviewPreview = ReviewPreviewDto;

export const moderationApi = abideApi.enhanceEndpoints({
  addTagTypes: ['ReviewQueue', 'Resources', 'ModerationAudit'],
  endpoints: {
    moderationQueue: { responseSchema: checkedBy(reviewQueueSchema), providesTags: ['ReviewQueue'] },
    moderationText: { responseSchema: checkedBy(reviewPreviewSchema) },
    moderationApprove: { invalidatesTags: ['ReviewQueue', 'Resources', 'ModerationAudit'] },
    moderationReject: { invalidatesTags: ['ReviewQueue', 'Resources', 'ModerationAudit'] },
    moderationAudit: { responseSchema: checkedBy(auditPageSchema), providesTags: ['ModerationAudit'] },
  },
});

export const {
  useModerationQueueQuery,
  useModerationTextQuery,
  useModerationApproveMutation,
  useModerationRejectMutation,
  useModerationAuditQuery,
} = moderationApi;
