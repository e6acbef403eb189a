import type { Meeting } from '@abide/contracts';
import { Schema } from 'mongoose';

export interface GroupView {
  _id: string;
  name: string;
  description: string;
  isPublic: boolean;
  ownerId: string;
  meeting: Meeting | null;
  /** The church the group belongs to (absent: none). */
  churchId?: string | null;
  memberCount: number;
  createdAt: Date;
  /** The version of the group's stream last applied (every event in order: see applyInOrder). */
  version: number;
}
export const groupViewSchema = new Schema<GroupView>(
  {
    _id: { type: String, required: true },
    name: String,
    description: String,
    isPublic: Boolean,
    ownerId: String,
    meeting: { type: Schema.Types.Mixed, default: null },
    churchId: { type: String, default: null },
    memberCount: { type: Number, default: 0 },
    createdAt: Date,
    version: { type: Number, required: true },
  },
  { collection: 'groups_v2', versionKey: false, minimize: false },
);
groupViewSchema.index({ createdAt: -1 });
