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

/** Churches' names, learned from community's church events. */
export interface ChurchNameView {
  _id: string;
  name: string;
}
export const churchNameSchema = new Schema<ChurchNameView>(
  { _id: { type: String, required: true }, name: { type: String, default: '' } },
  { collection: 'library_churches', versionKey: false },
);

/**
 * The churches of one member (`library_member_churches`, `_id` = the member), a JSON value written by compare-and-set
 * (VersionedDocuments): church id → role (null once they left) and the version of the church's stream last applied,
 * so a late or repeated event never undoes a newer one. Read by key for each list.
 */
export type MemberChurchRoles = Record<string, { role: 'admin' | 'member' | null; version: number }>;
export const MEMBER_CHURCHES_COLLECTION = 'library_member_churches';

/** The groups of one member (`_id` = the member): what the library list reads, by key, for each caller. */
export interface MemberGroupsView {
  _id: string;
  groups: string[];
}
export const memberGroupsSchema = new Schema<MemberGroupsView>(
  { _id: { type: String, required: true }, groups: { type: [String], default: [] } },
  { collection: 'library_member_groups', versionKey: false },
);
