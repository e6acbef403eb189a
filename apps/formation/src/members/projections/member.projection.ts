import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_CHANNELS, type EventTypesOf } from '@abide/contracts';
import { applyInOrder, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model, UpdateQuery } from 'mongoose';
import { choosesEmailAgain, DEFAULT_TIME_ZONE, emptyMember } from '../domain/member.decider';
import { type MemberView, memberViewSchema } from './member.schema';

export type Member = Omit<MemberView, '_id' | 'version' | 'joinedAt'> & { userId: string };

/**
 * Formation's one reader of members: time zone, goals and preferences for plans; rest days for streaks; reminder
 * settings, channels and contact for the nudges and notices. Keyed reads only, apart from the reminder scan.
 */
@Injectable()
export class MemberProjection implements Projection<EventTypesOf<'formation.member.'>> {
  /** Renamed when its events began to be applied in stream order by conditional writes: filled again from the log once. */
  readonly name = 'members-2';
  readonly backfill = true;
  readonly handles = [
    'formation.member.joined',
    'formation.member.onboarded',
    'formation.member.settings-changed',
    'formation.member.rest-days-set',
    'formation.member.contact-changed',
    'formation.member.email-unsubscribed',
    'formation.member.sms-opted-in',
    'formation.member.sms-opted-out',
    'formation.member.deleted',
  ] as const;
  private readonly model: Model<MemberView>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly log: EventStore,
  ) {
    this.model = connection.models.MemberView ?? connection.model<MemberView>('MemberView', memberViewSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'formation.member.'>>): Promise<void> {
    const { userId } = event.data;
    if (event.type === 'formation.member.deleted') {
      await this.model.deleteOne({ _id: userId });
      return;
    }
    await applyInOrder(this.model, userId, event, this.log, (next) => this.change(next));
  }

  /**
   * What one event of the member's stream changes in their view (null: nothing, the version moves on). applyInOrder
   * asks for it just before its conditional write from the version before this event, so what it reads here is that
   * version's state, or the write fails and everything is read again.
   */
  private async change(event: StoredEvent): Promise<UpdateQuery<MemberView> | null> {
    const memberEvent = event as StoredEvent<EventTypesOf<'formation.member.'>>;
    switch (memberEvent.type) {
      case 'formation.member.joined':
        return { $set: { joinedAt: new Date(memberEvent.occurredAt) } };
      case 'formation.member.onboarded': {
        const { userId: _u, ...data } = memberEvent.data;
        return { $set: { ...data, onboarded: true } };
      }
      case 'formation.member.settings-changed': {
        const { userId: _u, ...data } = memberEvent.data;
        const optIn = choosesEmailAgain(data) ? { emailUnsubscribedAt: null } : {};
        return { $set: { ...data, ...optIn } };
      }
      case 'formation.member.rest-days-set':
        return { $set: { restDays: memberEvent.data.weekdays } };
      case 'formation.member.contact-changed':
        return { $set: { name: memberEvent.data.name, email: memberEvent.data.email } };
      case 'formation.member.email-unsubscribed':
        return { $set: { emailUnsubscribedAt: new Date(memberEvent.data.unsubscribedAt) } };
      // Read, then written whole: a view upserted from registration alone may lack `channels` (upserts skip defaults).
      case 'formation.member.sms-opted-in': {
        const channels = [...new Set([...(await this.channelsOf(memberEvent.data.userId)), 'sms'])];
        return { $set: { channels, phoneNumber: memberEvent.data.phoneNumber, smsOptedInAt: new Date(memberEvent.data.optedInAt) } };
      }
      case 'formation.member.sms-opted-out': {
        const channels = (await this.channelsOf(memberEvent.data.userId)).filter((c) => c !== 'sms');
        return { $set: { channels, smsOptedInAt: null } };
      }
      default:
        return null;
    }
  }

  private async channelsOf(userId: string): Promise<string[]> {
    const view = await this.model.findById(userId, { channels: 1 }).lean<Pick<MemberView, 'channels'>>();
    return view?.channels ?? [...DEFAULT_NOTIFICATION_CHANNELS];
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }

  async find(userId: string): Promise<Member | null> {
    const view = await this.model.findById(userId).lean<MemberView>();
    return view ? withDefaults(view) : null;
  }

  /**
   * Every member, for the reminder scan (habit reminders go out whatever the daily/weekly choice). A scan of the whole
   * collection, run by the reminder job only, never by a request.
   */
  async all(): Promise<Member[]> {
    const views = await this.model.find({}).lean<MemberView[]>();
    return views.map(withDefaults);
  }

  /** The zone the member's days belong to; UTC until formation learns theirs. */
  async timeZoneOf(userId: string): Promise<string> {
    const view = await this.model.findById(userId, { timeZone: 1 }).lean<Pick<MemberView, 'timeZone'>>();
    return view?.timeZone ?? DEFAULT_TIME_ZONE;
  }

  /** What "a day" means for this member (their zone) and which weekdays they rest: one keyed read for both. */
  async calendarOf(userId: string): Promise<{ timeZone: string; restDays: number[] }> {
    const view = await this.model.findById(userId, { timeZone: 1, restDays: 1 }).lean<Pick<MemberView, 'timeZone' | 'restDays'>>();
    return { timeZone: view?.timeZone ?? DEFAULT_TIME_ZONE, restDays: view?.restDays ?? [] };
  }

  async restDaysOf(userId: string): Promise<number[]> {
    const view = await this.model.findById(userId, { restDays: 1 }).lean<Pick<MemberView, 'restDays'>>();
    return view?.restDays ?? [];
  }

  async timeZones(userIds: readonly string[]): Promise<Map<string, string>> {
    const views = await this.model
      .find({ _id: { $in: [...userIds] } }, { timeZone: 1 })
      .lean<Array<Pick<MemberView, '_id' | 'timeZone'>>>();
    return new Map(views.map((v) => [v._id, v.timeZone]));
  }
}

/** Upserts skip schema defaults, so a member known only from registration has just what events said. */
const withDefaults = (view: MemberView): Member => {
  const { _id, version: _v, joinedAt: _j, ...rest } = view;
  const { exists: _e, deleted: _d, emailUnsubscribed: _u, ...defaults } = emptyMember();
  const { smsOptedInNumber: _n, ...known } = defaults;
  return {
    ...known,
    ...rest,
    emailUnsubscribedAt: rest.emailUnsubscribedAt ?? null,
    smsOptedInAt: rest.smsOptedInAt ?? null,
    userId: _id,
  };
};
