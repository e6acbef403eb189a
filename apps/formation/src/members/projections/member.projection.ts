import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_CHANNELS, type EventTypesOf } from '@abide/contracts';
import { applyIfNewer, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { choosesEmailAgain, DEFAULT_TIME_ZONE, emptyMember } from '../domain/member.decider';
import { type MemberView, memberViewSchema } from './member.schema';

export type Member = Omit<MemberView, '_id' | 'version' | 'joinedAt'> & { userId: string };

/**
 * Formation's one reader of members: time zone, goals and preferences for plans; rest days for streaks; reminder
 * settings, channels and contact for the nudges and notices. Keyed reads only, apart from the reminder scan.
 */
@Injectable()
export class MemberProjection implements Projection<EventTypesOf<'formation.member.'>> {
  readonly name = 'members';
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

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.models.MemberView ?? connection.model<MemberView>('MemberView', memberViewSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'formation.member.'>>): Promise<void> {
    const { userId } = event.data;
    switch (event.type) {
      case 'formation.member.joined':
        await applyIfNewer(this.model, userId, event.version, { $set: { joinedAt: new Date(event.occurredAt) } });
        return;
      case 'formation.member.onboarded': {
        const { userId: _u, ...data } = event.data;
        await applyIfNewer(this.model, userId, event.version, { $set: { ...data, onboarded: true } });
        return;
      }
      case 'formation.member.settings-changed': {
        const { userId: _u, ...data } = event.data;
        const optIn = choosesEmailAgain(data) ? { emailUnsubscribedAt: null } : {};
        await applyIfNewer(this.model, userId, event.version, { $set: { ...data, ...optIn } });
        return;
      }
      case 'formation.member.rest-days-set':
        await applyIfNewer(this.model, userId, event.version, { $set: { restDays: event.data.weekdays } });
        return;
      case 'formation.member.contact-changed':
        await applyIfNewer(this.model, userId, event.version, { $set: { name: event.data.name, email: event.data.email } });
        return;
      case 'formation.member.email-unsubscribed':
        await applyIfNewer(this.model, userId, event.version, { $set: { emailUnsubscribedAt: new Date(event.data.unsubscribedAt) } });
        return;
      // Read, then written whole: a view upserted from registration alone may lack `channels` (upserts skip
      // defaults). Projections run inside the member stream's turn, so nothing else writes it meanwhile.
      case 'formation.member.sms-opted-in': {
        const channels = [...new Set([...(await this.channelsOf(userId)), 'sms'])];
        const set = { channels, phoneNumber: event.data.phoneNumber, smsOptedInAt: new Date(event.data.optedInAt) };
        await applyIfNewer(this.model, userId, event.version, { $set: set });
        return;
      }
      case 'formation.member.sms-opted-out': {
        const channels = (await this.channelsOf(userId)).filter((c) => c !== 'sms');
        await applyIfNewer(this.model, userId, event.version, { $set: { channels, smsOptedInAt: null } });
        return;
      }
      case 'formation.member.deleted':
        await this.model.deleteOne({ _id: userId });
        return;
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
