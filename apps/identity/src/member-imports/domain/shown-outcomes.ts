import type { ImportOutcome, MemberImport } from '@abide/contracts';
import type { ImportCounts } from './member-import.decider';

/**
 * What the job decided for a row: the admin's outcomes, and `created` for an address no account has (a new person,
 * sent a link to make one) beside `invited` (an account holder, sent a join notice). Only the job needs the difference.
 */
export type RowOutcome = ImportOutcome | 'created';

/**
 * The outcome as the church's admins see it: a new person and an account holder are both "invited", so the report,
 * its CSV and the figures never tell an admin whether an address has an Abide account.
 */
export const shownOutcome = (outcome: RowOutcome): ImportOutcome => (outcome === 'created' ? 'invited' : outcome);

/** The job's figures as the admins see them: new people and account holders counted together as invited. */
export const shownCounts = ({ created, invited, alreadyMember, alreadyInvited, refused }: ImportCounts): MemberImport['counts'] => ({
  invited: created + invited,
  alreadyMember,
  alreadyInvited,
  refused,
});
