import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope, EventOf, EventType } from '@abide/contracts';
import type { EventHandlers } from '@abide/messaging';
import { MemberErasure } from '../account/account.port';
import { GroupLiveUpdates } from '../groups/groups.port';
import { ChurchesOfMember, GroupsOfMember, SharingChoices } from '../memberships/memberships.port';
import { groupsOf, membershipMarks, pendingGroupIds } from '../memberships/membership-model.port';
import { groupInputsChanged } from '../read-models/group-generations';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { type MemberActivity, MemberActivityChanges, membershipIds, type MembershipMarksOf, type NewFact } from '../activity/activity.port';
import { ChurchFigureUpdates } from '../churches/churches.port';
import { metaCausedBy } from '@abide/event-store';
import { addDays } from '@abide/calendar';

/**
 * What community learns from identity and formation, kept apart from the Kafka wiring so tests feed it directly.
 * Only ids, dates, schedules and names are read: never a note, a plan's words or a journal's content.
 */
@Injectable()
export class ActivityEvents {
  constructor(
    private readonly store: MemberActivityChanges,
    private readonly departure: MemberErasure,
    private readonly live: GroupLiveUpdates,
    private readonly churchFigures: ChurchFigureUpdates,
    private readonly sharing: SharingChoices,
    private readonly memberGroups: GroupsOfMember,
    private readonly memberChurches: ChurchesOfMember,
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
  ) {}

  /** The member's groups and churches from their memberships read models, for an activity document without them. */
  private readonly marksOf: MembershipMarksOf = async (userId) => {
    const [groups, churches] = await Promise.all([this.memberGroups.read(userId), this.memberChurches.read(userId)]);
    return { groups: membershipMarks('group', groups), churches: membershipMarks('church', churches) };
  };

  /**
   * A dated fact of a member, then its week in the figures of the member's churches: the churches the document just
   * written lists (no read of their churches), or read when the member is gone and there is no document.
   */
  private async fact(e: EventEnvelope, id: string, fact: NewFact): Promise<MemberActivity | null> {
    const doc = await this.store.fact(e, id, fact, this.marksOf);
    await this.churchFigures.factChanged(fact.userId, fact.date, doc && membershipIds(doc, 'churches'));
    return doc;
  }

  /**
   * Each handler, then every group the member belongs to or asked to join told that what its card and dashboard are
   * computed from changed (every event here is about one member; GroupCardCache: after the write, never before), then
   * the members of those groups told that the figures changed (a hint: GroupLiveUpdates says how fresh its audience is).
   * A handler that wrote the member's activity answers the document it wrote, which lists their groups as of that
   * write (MemberActivity: a join merged in after it is followed by the group's own move of `gen`); the others' groups
   * are read from My Groups' read model.
   */
  private tellingGroups(handlers: ActivityHandlers): EventHandlers {
    type AnyHandler = (event: EventEnvelope<{ userId: string }>) => Promise<MemberActivity | null | void>;
    return Object.fromEntries(
      Object.entries(handlers as Record<string, AnyHandler>).map(([type, handle]) => [
        type,
        async (event: EventEnvelope<{ userId: string }>) => {
          const written = await handle(event);
          const groupIds = (written && membershipIds(written, 'groups')) ?? (await this.groupsOfMember(event.data.userId));
          await groupInputsChanged(this.connection, groupIds);
          this.live.memberFiguresChanged(event.data.userId, event.correlationId, groupIds);
        },
      ]),
    ) as EventHandlers;
  }

  /** The groups whose answers show this member (their name, zone, activity), from My Groups' read model: one read by key. */
  private async groupsOfMember(userId: string): Promise<string[]> {
    const groups = await this.memberGroups.read(userId);
    return [...groupsOf(groups).map((g) => g.groupId), ...pendingGroupIds(groups)];
  }

  readonly identity: EventHandlers = this.tellingGroups({
    // A name or a zone shows on the cards and counts in them: the wrapper tells the member's groups.
    'identity.user.registered': (e) => this.store.named(e.data.userId, e.version, e.data.name),
    'identity.user.profile-updated': (e) => this.store.named(e.data.userId, e.version, e.data.name),
    'identity.user.onboarding-completed': async (e) => {
      await this.store.named(e.data.userId, e.version, e.data.name);
      await this.store.zoned(e.data.userId, e.version, e.data.timeZone);
    },
    'identity.user.settings-updated': async (e) => {
      if (e.data.timeZone) await this.store.zoned(e.data.userId, e.version, e.data.timeZone);
      if (e.data.shareProgressWithGroups !== undefined) {
        // The old single choice, kept on the person for the one-time move (sharing-move.migration.ts), then applied to
        // every group and church the member belongs to now: each membership's own choice is what dashboards read (#26).
        await this.store.sharing(e.data.userId, e.version, e.data.shareProgressWithGroups);
        await this.sharing.setAll(e.data.userId, e.data.shareProgressWithGroups, metaCausedBy(e));
      }
    },
    'identity.user.deleted': (e) => this.departure.forget(e.data.userId, metaCausedBy(e)),
  });

  readonly habits: EventHandlers = this.tellingGroups({
    'formation.habit.created': async (e) => {
      await this.store.habitFrequency(e, e.data.habitId, e.data.userId, e.data.frequency, this.marksOf);
      return this.store.habitStatus(e, e.data.habitId, e.data.userId, 'active', this.marksOf);
    },
    'formation.habit.updated': async (e) => {
      // No document written: the wrapper reads the member's groups.
      if (e.data.frequency) return this.store.habitFrequency(e, e.data.habitId, e.data.userId, e.data.frequency, this.marksOf);
    },
    'formation.habit.paused': (e) => this.store.habitStatus(e, e.data.habitId, e.data.userId, 'paused', this.marksOf),
    'formation.habit.resumed': (e) => this.store.habitStatus(e, e.data.habitId, e.data.userId, 'active', this.marksOf),
    'formation.habit.archived': (e) => this.store.habitStatus(e, e.data.habitId, e.data.userId, 'archived', this.marksOf),
    'formation.habit.checked-in': (e) =>
      this.fact(e, `${e.data.habitId}:${e.data.date}`, {
        kind: 'check-in',
        userId: e.data.userId,
        habitId: e.data.habitId,
        date: e.data.date,
        done: true,
        at: e.data.completedAt,
      }),
    'formation.habit.check-in-undone': (e) =>
      this.fact(e, `${e.data.habitId}:${e.data.date}`, {
        kind: 'check-in',
        userId: e.data.userId,
        habitId: e.data.habitId,
        date: e.data.date,
        done: false,
      }),
  });

  /**
   * A plan's week replaced by a regeneration or its undo: what it did not carry over is no longer done, in the group's
   * and the church's figures as on My Plan. The week is the stream's (`plan-<userId>-<weekStart>`): `regeneration-undone`
   * does not name it. A first plan of a week replaces nothing: no check-off of that week comes before it.
   */
  private async planReplaced(
    e: EventEnvelope<{ userId: string; planId: string; weekStart?: string; carriedOver: Array<{ activityId: string }> }>,
  ): Promise<MemberActivity | null> {
    const weekStart = e.data.weekStart ?? e.streamId.slice(-10);
    const week = { from: weekStart, to: addDays(weekStart, 6) };
    const keep = new Set(e.data.carriedOver.map((c) => `${e.data.planId}:${c.activityId}`));
    const { changed, doc } = await this.store.planReplaced(e, e.data.userId, week, keep, this.marksOf);
    if (changed) await this.churchFigures.factChanged(e.data.userId, weekStart, doc && membershipIds(doc, 'churches'));
    return doc;
  }

  readonly plans: EventHandlers = this.tellingGroups({
    'formation.plan.generated': (e) => this.planReplaced(e),
    'formation.plan.regeneration-undone': (e) => this.planReplaced(e),
    'formation.plan.activity-completed': (e) =>
      this.fact(e, `${e.data.planId}:${e.data.activityId}`, {
        kind: 'plan-activity',
        userId: e.data.userId,
        habitId: null,
        date: e.data.date,
        done: true,
        at: e.data.completedAt,
      }),
    'formation.plan.activity-uncompleted': (e) =>
      this.fact(e, `${e.data.planId}:${e.data.activityId}`, {
        kind: 'plan-activity',
        userId: e.data.userId,
        habitId: null,
        date: e.data.date,
        done: false,
      }),
  });

  readonly journal: EventHandlers = this.tellingGroups({
    'formation.journal.entry-written': (e) =>
      this.fact(e, `journal:${e.data.entryId}`, {
        kind: 'journal',
        userId: e.data.userId,
        habitId: null,
        date: e.data.localDate,
        done: true,
      }),
    'formation.journal.entry-deleted': (e) =>
      this.fact(e, `journal:${e.data.entryId}`, {
        kind: 'journal',
        userId: e.data.userId,
        habitId: null,
        date: e.data.localDate,
        done: false,
      }),
  });
}

/** Handlers of one consumer; one that wrote the member's activity answers the document it wrote (tellingGroups). */
type ActivityHandlers = { [K in EventType]?: (event: EventOf<K>) => Promise<MemberActivity | null | void> };
