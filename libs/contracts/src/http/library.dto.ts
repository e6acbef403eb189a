import { z } from 'zod';
import { requiredText } from './required-text';
import { targetAudiences, uploadCategories, visibilities } from '../catalog';

/**
 * The library's public shapes: the Library and Upload pages, an upload, its submission checks and limits.
 * `POST /api/uploads` is multipart/form-data: one `file` part plus the text fields below (tags as repeated
 * `tags` parts or one comma-separated / JSON-array `tags` part; booleans as 'true'/'false').
 */
export const resourceFileTypes = ['pdf', 'docx', 'txt'] as const;
export type ResourceFileType = (typeof resourceFileTypes)[number];
export const uploadCategoryIds = uploadCategories.map((c) => c.id) as [string, ...string[]];

/** The upload form's checks, in this order; `title`/`description` are the toast's two lines. */
export const uploadMessages = {
  noFile: { title: 'Please select a file', description: 'You must choose a file to upload.' },
  noTitle: { title: 'Please enter a title', description: 'Resource title is required.' },
  noCategory: { title: 'Please select a category', description: 'Resource category is required.' },
  noTerms: { title: 'Please accept the terms', description: 'You must confirm that the content is appropriate for spiritual formation.' },
  /** The drop zone's messages (generic). */
  badType: `File type must be one of ${['.pdf', '.docx', '.txt'].join(', ')}`,
  tooLarge: (max: number) => `File is larger than ${max} bytes`,
  tooSmall: (min: number) => `File is smaller than ${min} bytes`,
  tooMany: 'Too many files',
  groupRequired: 'Choose one of your groups for a group resource',
  notYourGroup: 'You can only share a resource with a group you belong to',
  churchRequired: 'Choose one of your churches for a church resource',
  notYourChurch: 'You can only share a resource with a church you belong to',
  storageUnavailable: 'File storage is briefly unavailable, so the file was not kept. Please try again in a minute.',
} as const;

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const TAG_MAX = 40;
export const TAGS_MAX = 12;
export const REPORT_REASON_MAX = 500;
export const REJECT_REASON_MAX = 500;

/** Tags are lowercased and de-duplicated, empty ones ignored. One place for the rule (web and service). */
export const normaliseTags = (tags: readonly string[]): string[] => {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
};

/** An empty title is prefilled from the file name without its extension. */
export const titleFromFileName = (fileName: string): string => fileName.replace(/\.[^./\\]+$/, '').trim();

/** The normalised submission fields (what the service stores and its events carry). */
export const submissionFieldsSchema = z.object({
  title: requiredText(uploadMessages.noTitle.description).max(TITLE_MAX),
  description: z.string().trim().max(DESCRIPTION_MAX),
  category: z.enum(uploadCategoryIds, { message: uploadMessages.noCategory.description }),
  tags: z.array(z.string().min(1).max(TAG_MAX)).max(TAGS_MAX),
  targetAudience: z.enum(targetAudiences),
  visibility: z.enum(visibilities),
  /** Required for `group` visibility: one of the uploader's groups. */
  groupId: z.string().min(1).nullable(),
  /** Required for `church` visibility: one of the uploader's churches. */
  churchId: z.string().min(1).nullable(),
});
export type SubmissionFields = z.infer<typeof submissionFieldsSchema>;

/** Editing a draft (JSON). Submitting a draft checks the full rules again. */
export const updateDraftRequestSchema = submissionFieldsSchema.partial();
/** `POST /api/uploads/{id}/submit`: the draft goes to processing once the terms are accepted. */
export const submitDraftRequestSchema = z.object({ termsAccepted: z.boolean() });

export const resourceStatuses = ['draft', 'processing', 'in-review', 'approved', 'rejected', 'failed'] as const;
export type ResourceStatus = (typeof resourceStatuses)[number];

/** An upload as listed, with its status and figures. */
export const resourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  category: z.string(),
  targetAudience: z.enum(targetAudiences),
  visibility: z.enum(visibilities),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  churchId: z.string().nullable(),
  churchName: z.string().nullable(),
  fileName: z.string(),
  fileType: z.enum(resourceFileTypes),
  fileSize: z.number().int(),
  pages: z.number().int().nullable(),
  words: z.number().int().nullable(),
  excerpt: z.string().nullable(),
  downloads: z.number().int(),
  status: z.enum(resourceStatuses),
  /** Why processing failed or why a moderator rejected it; shown to the owner only. */
  statusReason: z.string().nullable(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  isOwner: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

/** `GET /api/uploads`: q, category (type filter), topic, page (1-based), pageSize (default 12), mine=1 for 'My uploads'. */
export const listResourcesQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  category: z.string().optional(),
  topic: z.string().optional(),
  /** The web app sends approved=true; the library lists only approved public resources anyway. */
  approved: z.enum(['true', 'false']).optional(),
  mine: z.enum(['1', '0']).optional(),
  status: z.enum(resourceStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
});
export const resourcePageSchema = z.object({
  items: z.array(resourceSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type ResourcePage = z.infer<typeof resourcePageSchema>;

/** `GET /api/uploads/{id}/download` (and the moderator's inline preview): a short-lived pre-signed URL. */
export const downloadLinkSchema = z.object({ url: z.string().url(), expiresAt: z.string(), fileName: z.string() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

export const reportResourceRequestSchema = z.object({
  reason: requiredText('Please tell us what is wrong with this resource').max(REPORT_REASON_MAX),
});

// ---- moderation ----
export const reviewItemSchema = resourceSchema.extend({
  /** 'submitted' (new public upload) or 'reports' (sent back by reports). */
  cause: z.enum(['submitted', 'reports']),
  queuedAt: z.string(),
  reports: z.array(z.object({ reason: z.string(), reportedAt: z.string() })),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewQueueSchema = z.object({
  items: z.array(reviewItemSchema),
  counts: z.object({ pending: z.number().int(), reported: z.number().int(), reviewedToday: z.number().int() }),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;
/** The extracted text of a resource under review (moderators only). */
export const reviewPreviewSchema = z.object({ resourceId: z.string(), text: z.string(), truncated: z.boolean() });
export const rejectResourceRequestSchema = z.object({
  reason: requiredText('Please give the uploader a reason').max(REJECT_REASON_MAX),
});
export const auditEntrySchema = z.object({
  resourceId: z.string(),
  title: z.string(),
  decision: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  moderatorId: z.string(),
  moderatorName: z.string().nullable(),
  decidedAt: z.string(),
});
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
