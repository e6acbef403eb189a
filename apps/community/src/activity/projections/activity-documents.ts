import { unchanged, VersionedDocuments } from '@abide/event-store';
import type { Connection } from 'mongoose';
import { emptyActivity, markMemberships, type MemberActivity, type MembershipMark, type MembershipMarks } from '../domain/member-activity';
import type { Person } from '../domain/person';
import { peopleDocuments } from './people';

/** Where a member's groups and churches are read from when their document does not keep them yet (activity.port). */
export type MembershipMarksOf = (userId: string) => Promise<MembershipMarks>;

/**
 * Each member's activity, one versioned document per member (`member_activity`, `_id` = the member), with their
 * people document for the tombstone: MemberActivityStore writes it, and community's memberships projections (built
 * outside the application's providers) merge the member's groups and churches into it through `membershipMarksWriter`.
 */
export class ActivityDocuments {
  readonly activity: VersionedDocuments<MemberActivity>;
  readonly people: VersionedDocuments<Person>;

  constructor(connection: Connection) {
    // Rows written before revisions existed hold the same JSON shape: their first compare-and-set gives them one.
    this.activity = new VersionedDocuments<MemberActivity>(connection, 'member_activity');
    this.people = peopleDocuments(connection);
  }

  /**
   * A compare-and-set of one member's activity document: `change` edits the document it is given (a fresh copy on
   * every attempt) and answers whether it changed it. The tombstone is looked at inside, after the document was read,
   * and only when there is no document: `forget` writes the tombstone before it clears the document, so a document
   * still there was read before the clearing, and a write from it loses its race to the clearing, reads again, finds
   * no document and then sees the tombstone. (A member's usual fact so costs no read of their person.)
   *
   * `marksOf`: a document that does not keep the member's groups and churches yet gets them in the same write (read
   * from their memberships read models, once per member). Answers the document as stored after it (null: none).
   */
  update(userId: string, change: (doc: MemberActivity) => boolean, marksOf?: MembershipMarksOf): Promise<MemberActivity | null> {
    return this.activity.update(userId, async (current) => {
      if (!current && (await this.people.get(userId))?.deleted === true) return unchanged;
      const doc = current ?? emptyActivity();
      let changed = change(doc);
      if (marksOf && (!doc.groups || !doc.churches)) {
        const marks = await marksOf(userId);
        changed = markMemberships(doc, 'groups', marks.groups) || changed;
        changed = markMemberships(doc, 'churches', marks.churches) || changed;
      }
      return changed ? doc : unchanged;
    });
  }
}

/** Merges a member's marks of one kind into their activity document (membershipMarksWriter). */
export type MembershipMarksWriter = (userId: string, kind: keyof MembershipMarks, marks: Record<string, MembershipMark>) => Promise<void>;

/**
 * For community's memberships projections: after their write of a member's groups or churches, every mark of that kind
 * (the whole read model's, so a document that kept none of the kind keeps them all from then on) is merged into the
 * member's activity document by each stream's version, before anything that must see them is told (the group's `gen`,
 * the church's figures). So a fact written before the merge is followed by those, and one written after it finds the
 * group or church in the document it writes.
 */
export const membershipMarksWriter = (connection: Connection): MembershipMarksWriter => {
  const documents = new ActivityDocuments(connection);
  return async (userId, kind, marks) => {
    await documents.update(userId, (doc) => markMemberships(doc, kind, marks));
  };
};
