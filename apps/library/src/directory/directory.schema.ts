import { Schema } from 'mongoose';

/** Names of members (owners, moderators), learned from identity's events. */
export interface MemberNameView {
  _id: string;
  name: string | null;
  deleted: boolean;
}
export const memberNameSchema = new Schema<MemberNameView>(
  { _id: { type: String, required: true }, name: { type: String, default: null }, deleted: { type: Boolean, default: false } },
  { collection: 'library_members', versionKey: false },
);

/** Groups' names, learned from community's events. */
export interface GroupView {
  _id: string;
  name: string;
}
export const groupSchema = new Schema<GroupView>(
  { _id: { type: String, required: true }, name: { type: String, default: '' } },
  { collection: 'library_groups', versionKey: false },
);

/** Who belongs to which group (`_id` = `${groupId}:${userId}`), learned from community's membership events. */
export interface MembershipView {
  _id: string;
  groupId: string;
  userId: string;
}
export const membershipSchema = new Schema<MembershipView>(
  { _id: { type: String, required: true }, groupId: { type: String, required: true }, userId: { type: String, required: true } },
  { collection: 'library_group_members', versionKey: false },
);
membershipSchema.index({ userId: 1 });

/** The groups of one member (`_id` = the member): what the library list reads, by key, for each caller. */
export interface MemberGroupsView {
  _id: string;
  groups: string[];
}
export const memberGroupsSchema = new Schema<MemberGroupsView>(
  { _id: { type: String, required: true }, groups: { type: [String], default: [] } },
  { collection: 'library_member_groups', versionKey: false },
);
