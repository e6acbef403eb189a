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

/**
 * The groups of one member (`library_member_groups_2`, `_id` = the member), a JSON value written by compare-and-set
 * (VersionedDocuments): group id → whether they belong and the version of the group's stream last applied, so a late or
 * repeated join never brings back a member who left since (as for churches above). Read by key for each list.
 */
export type MemberGroupRoles = Record<string, { member: boolean; version: number }>;
export const MEMBER_GROUPS_COLLECTION = 'library_member_groups_2';
/** Where the groups of each member were kept before (one document per membership, then a list without versions). */
export const RETIRED_GROUP_COLLECTIONS = ['library_group_members', 'library_member_groups'] as const;
