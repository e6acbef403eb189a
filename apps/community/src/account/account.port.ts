import type { AppendMeta } from '@abide/event-store';

/** What other community features may use of the account's part here (docs/structure.md, "Ports"): forgetting a deleted member. */
export { COMMUNITY_PERSONAL_FIELDS } from './member-departure';

export abstract class MemberErasure {
  /** Everything community keeps of the member goes (idempotent: a redelivery only finds less to do). */
  abstract forget(userId: string, meta: AppendMeta): Promise<void>;
}
