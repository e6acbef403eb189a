import type { LocalDate } from '@abide/calendar';
import type { CurriculaOfAuthor } from './curricula-export';
import type { FollowListener } from './curriculum-followers';
import type { MemberCurriculumWeek } from './curriculum-weeks';

/** What other formation features may use of curricula (docs/structure.md, "Ports"; docs/churches.md). */
export type { CurriculaOfAuthor, FollowListener, MemberCurriculumWeek };
export type { CurriculumPlanActivity, PlanCurriculum } from './curriculum-weeks';

/** The curriculum week a member's plan follows. */
export abstract class CurriculumWeekQuery {
  /** The curriculum week the member's week starting `weekStart` follows, or null. */
  abstract forMember(userId: string, weekStart: LocalDate): Promise<MemberCurriculumWeek | null>;
}

/** Where plans register to be told when the curriculum week a member follows may have changed. */
export abstract class CurriculumFollowChanges {
  abstract listen(listener: FollowListener): void;
}

/** The curricula a member wrote and their unsaved edits, for "Download my data". */
export abstract class CurriculaExportQuery {
  abstract forUser(userId: string): Promise<CurriculaOfAuthor>;
}
