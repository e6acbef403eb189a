import type { ResourceStatus } from '@abide/contracts';
import { Schema } from 'mongoose';

/** The library's read model: one document per resource, shaped for the list, search, My uploads and the review queue. */
export interface ResourceView {
  _id: string;
  ownerId: string;
  title: string;
  description: string;
  tags: string[];
  category: string;
  targetAudience: string;
  visibility: 'public' | 'group' | 'church' | 'private';
  groupId: string | null;
  /** Set for `church` visibility. */
  churchId?: string | null;
  fileName: string;
  fileType: 'pdf' | 'docx' | 'txt';
  fileSize: number;
  sha256: string;
  /** The quarantine key until processed, then the store key. */
  storageKey: string;
  stored: boolean;
  pages: number | null;
  words: number | null;
  excerpt: string | null;
  /** The extracted text, for search (and the moderator's preview). */
  text: string;
  downloads: number;
  status: ResourceStatus;
  statusReason: string | null;
  reviewCause: 'submitted' | 'reports' | null;
  queuedAt: Date | null;
  reports: Array<{ reporterId: string; reason: string; reportedAt: Date }>;
  /** A deleted resource stays as a tombstone without content, so a replayed older event cannot bring it back. */
  deleted: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export const resourceViewSchema = new Schema<ResourceView>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    title: { type: String, default: '' },
    description: { type: String, default: '' },
    tags: { type: [String], default: [] },
    category: { type: String, default: '' },
    targetAudience: { type: String, default: 'all-levels' },
    visibility: { type: String, default: 'public' },
    groupId: { type: String, default: null },
    churchId: { type: String, default: null },
    fileName: { type: String, default: '' },
    fileType: { type: String, default: 'txt' },
    fileSize: { type: Number, default: 0 },
    sha256: { type: String, default: '' },
    storageKey: { type: String, default: '' },
    stored: { type: Boolean, default: false },
    pages: { type: Number, default: null },
    words: { type: Number, default: null },
    excerpt: { type: String, default: null },
    text: { type: String, default: '' },
    downloads: { type: Number, default: 0 },
    status: { type: String, default: 'draft' },
    statusReason: { type: String, default: null },
    reviewCause: { type: String, default: null },
    queuedAt: { type: Date, default: null },
    reports: { type: [{ _id: false, reporterId: String, reason: String, reportedAt: Date }], default: [] },
    deleted: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'library_resources', versionKey: false, minimize: false },
);

// The library (visible, newest first), My uploads, and the review queue (oldest first).
resourceViewSchema.index({ deleted: 1, status: 1, visibility: 1, createdAt: -1 });
resourceViewSchema.index({ ownerId: 1, deleted: 1, createdAt: -1 });
resourceViewSchema.index({ status: 1, queuedAt: 1 });

/** Text extracted by processing, kept apart from the events (it is derived from the file) and copied into the view. */
export interface ResourceTextDoc {
  _id: string;
  ownerId: string;
  text: string;
}
export const resourceTextSchema = new Schema<ResourceTextDoc>(
  { _id: { type: String, required: true }, ownerId: { type: String, required: true }, text: { type: String, default: '' } },
  { collection: 'library_resource_texts', versionKey: false },
);
resourceTextSchema.index({ ownerId: 1 });

/** One moderation decision (the audit trail). */
export interface AuditEntryView {
  _id: string;
  resourceId: string;
  ownerId: string;
  title: string;
  decision: 'approved' | 'rejected';
  reason: string | null;
  moderatorId: string;
  decidedAt: Date;
}
export const auditEntrySchema = new Schema<AuditEntryView>(
  {
    _id: { type: String, required: true },
    resourceId: { type: String, required: true },
    ownerId: { type: String, required: true },
    title: { type: String, default: '' },
    decision: { type: String, required: true },
    reason: { type: String, default: null },
    moderatorId: { type: String, required: true },
    decidedAt: { type: Date, required: true },
  },
  { collection: 'library_moderation_audit', versionKey: false },
);
auditEntrySchema.index({ decidedAt: -1 });
auditEntrySchema.index({ ownerId: 1 });
