import type { LocalDate } from '@abide/calendar';
import { unchanged, VersionedDocuments } from '@abide/event-store';
import type { Connection } from 'mongoose';
import {
  type ArchivedWeek,
  closeWeeks,
  emptyArchivedWeek,
  factsToClose,
  firstOpenWeek,
  isClosedWeek,
  keepClosedWeek,
  mergeFacts,
  openWeekFigures,
} from '../domain/activity-weeks';
import {
  emptyActivity,
  type Facts,
  markMemberships,
  type MemberActivity,
  type MembershipMark,
  type MembershipMarks,
} from '../domain/member-activity';
import type { Person } from '../domain/person';
import { peopleDocuments } from './people';

/** Where a member's groups and churches are read from when their document does not keep them yet (activity.port). */
export type MembershipMarksOf = (userId: string) => Promise<MembershipMarks>;

/** A change of one member's activity document; `edit` changes the facts of one week, open or closed (ActivityDocuments.update). */
export type ActivityChange = (doc: MemberActivity, edit: WeekEdit) => boolean | Promise<boolean>;
export type WeekEdit = (week: LocalDate, change: (facts: Facts) => boolean) => Promise<boolean>;

/** The key of a member's archived week (`member_activity_weeks`). */
const weekKey = (userId: string, week: LocalDate): string => `${userId}:${week}`;

/**
 * Each member's activity, one versioned document per member (`member_activity`, `_id` = the member), the archives of
 * its closed weeks (`member_activity_weeks`, `_id` = member:week; activity-weeks.ts), and their people document for the
 * tombstone: MemberActivityStore writes them, and community's memberships projections (built outside the
 * application's providers) merge the member's groups and churches into it through `membershipMarksWriter`.
 */
export class ActivityDocuments {
  readonly activity: VersionedDocuments<MemberActivity>;
  readonly archivedWeeks: VersionedDocuments<ArchivedWeek>;
  readonly people: VersionedDocuments<Person>;

  constructor(connection: Connection) {
    // Rows written before revisions existed hold the same JSON shape: their first compare-and-set gives them one.
    // The facts are stored apart: the figures' readers read the rest only (`getSummaries`).
    this.activity = new VersionedDocuments<MemberActivity>(connection, 'member_activity', { detail: 'facts' });
    this.archivedWeeks = new VersionedDocuments<ArchivedWeek>(connection, 'member_activity_weeks');
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
   * from their memberships read models, once per member). `today` (the UTC date): the weeks closed by then are closed
   * in the same write, their facts archived first (activity-weeks.ts). Every write sets the open weeks' figures from
   * the facts. Answers the document as stored after it (null: none).
   */
  async update(
    userId: string,
    change: ActivityChange,
    options: { marksOf?: MembershipMarksOf; today?: LocalDate } = {},
  ): Promise<MemberActivity | null> {
    const archived = new Set<string>();
    let gone = false;
    const stored = await this.activity.update(userId, async (current) => {
      gone = !current && (await this.people.get(userId))?.deleted === true;
      if (gone) return unchanged;
      const doc = current ?? emptyActivity();
      // An open week's facts are the document's; a closed week's are its archive's, whose new figures the document keeps.
      const edit: WeekEdit = async (week, changeFacts) => {
        if (!isClosedWeek(doc, week)) return changeFacts(doc.facts);
        const written = await this.archiveWeek(userId, week, changeFacts, archived);
        return written !== null && keepClosedWeek(doc, week, written);
      };
      let changed = await change(doc, edit);
      if (options.marksOf && (!doc.groups || !doc.churches)) {
        const marks = await options.marksOf(userId);
        changed = markMemberships(doc, 'groups', marks.groups) || changed;
        changed = markMemberships(doc, 'churches', marks.churches) || changed;
      }
      if (options.today) changed = (await this.closeWeeks(userId, doc, firstOpenWeek(options.today), archived)) || changed;
      // A document written before open weeks had figures gets them (and its facts their own column) now.
      if (!changed && doc.openWeeks) return unchanged;
      doc.openWeeks = openWeekFigures(doc.facts);
      return doc;
    });
    // The member was erased while this wrote an archive (after the erasure's clearing of them): it goes too.
    if (gone && archived.size) await this.archivedWeeks.model.deleteMany({ _id: { $in: [...archived] } });
    return stored;
  }

  /**
   * Closes the document's weeks before `firstOpen` that still hold facts: each week's facts merged into its archive
   * first, then taken out of the document (the same compare-and-set writes both the figures and the removal; if it
   * loses its race, the next attempt merges again, which changes nothing already merged).
   */
  private async closeWeeks(userId: string, doc: MemberActivity, firstOpen: LocalDate, archived: Set<string>): Promise<boolean> {
    const toClose = factsToClose(doc, firstOpen);
    if (!toClose.size) return false;
    const written = await Promise.all(
      [...toClose].map(async ([week, facts]) => [week, await this.archiveWeek(userId, week, (into) => mergeFacts(into, facts), archived)] as const),
    );
    return closeWeeks(doc, firstOpen, new Map(written.filter((w): w is readonly [LocalDate, ArchivedWeek] => w[1] !== null)));
  }

  /** A compare-and-set of a member's archived week; its stamp moves on with every change. Answers it as stored. */
  private archiveWeek(userId: string, week: LocalDate, change: (facts: Facts) => boolean, archived: Set<string>) {
    const key = weekKey(userId, week);
    return this.archivedWeeks.update(key, (current) => {
      const archive = current ?? emptyArchivedWeek();
      if (!change(archive.facts)) return unchanged;
      archived.add(key);
      return { ...archive, stamp: archive.stamp + 1 };
    });
  }

  /** Forgets a member's archived weeks (their erasure): rare, so the scan of the key's prefix is fine. */
  async forgetArchivedWeeks(userId: string): Promise<void> {
    // Every key `userId:…` sorts between `userId:` and `userId;` (';' follows ':').
    await this.archivedWeeks.model.deleteMany({ _id: { $gte: `${userId}:`, $lt: `${userId};` } });
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
    // Marks never touch the facts: written without them (a member's facts are most of their document). A document
    // not there yet, or written before open weeks had figures, is written whole.
    let whole = false;
    const kept = await documents.activity.updateSummary<'facts'>(userId, (doc) => {
      whole = !doc.openWeeks;
      return !whole && markMemberships(doc, kind, marks) ? doc : unchanged;
    });
    if (kept === null || whole) await documents.update(userId, (doc) => markMemberships(doc, kind, marks));
  };
};
