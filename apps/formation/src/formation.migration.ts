import { Inject, Injectable } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { OneTimeMigration } from '@abide/platform';
import { HabitZones } from './habits/commands/habit-zone.commands';
import { giveHabitsTheirZone, HABIT_ZONES_MARKER } from './habits/habit-zones.migration';
import { HABIT_DAYS_IN_STATE_MARKER, moveDaysIntoHabits } from './habits/habit-entries.migration';
import { HabitBoardProjection } from './habits/projections/habit-board.projection';
import { JOURNAL_STORE } from './journal/journal-store';
import { JOURNAL_TEXT_SEALING_MARKER, sealStoredJournalText } from './journal/journal-text-sealing.migration';
import { JournalTexts } from './journal/journal-texts';
import { MemberStream } from './members/commands/member-stream.commands';
import { MEMBER_CONTACTS_MARKER, moveLegacyContacts } from './members/member-contacts.migration';
import { fillInboxes, NOTIFICATION_INBOX_MARKER } from './notifications/notification-inbox.migration';
import { NotificationStore } from './notifications/notification.store';

/**
 * Formation's one-time data steps, each behind its marker in `formation_migrations`, in the order they run. The
 * feature modules export what the steps change (members' streams, the journal's store and texts, the inboxes, the
 * habits' boards and zones) for
 * this list alone.
 */
@Injectable()
export class FormationMigrations extends OneTimeMigration {
  constructor(
    private readonly members: MemberStream,
    @Inject(JOURNAL_STORE) private readonly journal: EventStore,
    private readonly journalTexts: JournalTexts,
    private readonly notifications: NotificationStore,
    private readonly log: EventStore,
    private readonly boards: HabitBoardProjection,
    private readonly zones: HabitZones,
  ) {
    super('formation_migrations');
  }

  protected steps() {
    return {
      [MEMBER_CONTACTS_MARKER]: () => moveLegacyContacts(this.connection, this.members, this.logger),
      [JOURNAL_TEXT_SEALING_MARKER]: { untilNothingLeft: () => sealStoredJournalText(this.journal, this.journalTexts, this.logger) },
      [NOTIFICATION_INBOX_MARKER]: () => fillInboxes(this.connection, this.notifications, this.logger),
      [HABIT_DAYS_IN_STATE_MARKER]: () => moveDaysIntoHabits(this.connection, this.log, this.logger),
      [HABIT_ZONES_MARKER]: () => giveHabitsTheirZone(this.connection, this.boards, this.zones, this.logger),
    };
  }
}
