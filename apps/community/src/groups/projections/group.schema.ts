import type { GroupMemberRole, Meeting } from '@abide/contracts';
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
  /** The current members' ids as a sorted JSON array, so counting them is a read by key (absent on groups from before). */
  memberIds?: string;
  /** The version of the group's stream last applied to `memberIds`. */
  membersVersion?: number;
  createdAt: Date;
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
    memberIds: String,
    membersVersion: Number,
    createdAt: Date,
    version: { type: Number, required: true },
  },
  { collection: 'groups', versionKey: false, minimize: false },
);
groupViewSchema.index({ ownerId: 1 });
groupViewSchema.index({ createdAt: -1 });

/** One person's place in one group (`_id` = groupId:userId); `current` false once they left or were removed. */
export interface MembershipView {
  _id: string;
  groupId: string;
  userId: string;
  role: GroupMemberRole;
  joinedAt: Date;
  current: boolean;
  version: number;
}
export const membershipViewSchema = new Schema<MembershipView>(
  {
    _id: { type: String, required: true },
    groupId: { type: String, required: true },
    userId: { type: String, required: true },
    role: String,
    joinedAt: Date,
    current: { type: Boolean, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'group_members', versionKey: false },
);
membershipViewSchema.index({ groupId: 1, current: 1 });
membershipViewSchema.index({ userId: 1, current: 1 });

export interface JoinRequestView {
  _id: string;
  groupId: string;
  userId: string;
  status: 'pending' | 'approved' | 'declined' | 'withdrawn';
  requestedAt: Date;
  version: number;
}
export const joinRequestViewSchema = new Schema<JoinRequestView>(
  {
    _id: { type: String, required: true },
    groupId: { type: String, required: true },
    userId: { type: String, required: true },
    status: String,
    requestedAt: Date,
    version: { type: Number, required: true },
  },
  { collection: 'group_join_requests', versionKey: false },
);
joinRequestViewSchema.index({ groupId: 1, status: 1 });
joinRequestViewSchema.index({ userId: 1, status: 1 });

/** A member's rating of one week's meeting (`_id` = groupId:userId:weekStart); rating again replaces it. */
export interface RatingView {
  _id: string;
  groupId: string;
  userId: string;
  weekStart: string;
  rating: number;
  version: number;
}
export const ratingViewSchema = new Schema<RatingView>(
  {
    _id: { type: String, required: true },
    groupId: { type: String, required: true },
    userId: { type: String, required: true },
    weekStart: { type: String, required: true },
    rating: { type: Number, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'group_ratings', versionKey: false },
);
ratingViewSchema.index({ groupId: 1 });
ratingViewSchema.index({ userId: 1 });
