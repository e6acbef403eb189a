import type { LocalDate } from '@abide/calendar';
import type { ChurchQueries } from './church.queries';

/** What other community features may use of churches (docs/structure.md, "Ports"). What churches answer groups: ChurchAdmins. */

/** What "Download my data" holds of a member's churches. */
export type ChurchesOfMemberExport = Awaited<ReturnType<ChurchQueries['exportFor']>>;

/** The pastor's dashboard figures, kept as members' activity changes. */
export abstract class ChurchFigureUpdates {
  /**
   * After a fact dated `date` of this member was applied: its week in each of their churches, `churchIds` as the
   * activity document just written lists them (null: read from the member's churches).
   */
  abstract factChanged(userId: string, date: LocalDate, churchIds: readonly string[] | null): Promise<void>;
}

/** A member's churches (name, address, role, since when) and requests waiting, for "Download my data". */
export abstract class ChurchesExportQuery {
  abstract exportFor(callerId: string): Promise<ChurchesOfMemberExport>;
}
