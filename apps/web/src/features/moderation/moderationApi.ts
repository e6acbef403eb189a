import type { AuditPageDto, ReviewPreviewDto } from '../../shared/api/generated/abideApi';
import { moderationEndpoints } from '../../shared/api/generated/endpoints/moderation';

export type AuditPage = AuditPageDto;
export type ReviewPreview = ReviewPreviewDto;

/** The Review Queue's endpoints: a decision refreshes the queue, the library and the audit trail (their routes' tags). */
export const moderationApi = moderationEndpoints;

export const {
  useModerationQueueQuery,
  useModerationTextQuery,
  useModerationApproveMutation,
  useModerationRejectMutation,
  useModerationAuditQuery,
} = moderationApi;
