import { Inject, Injectable, Logger } from '@nestjs/common';
import { MONGO_CONNECTION, SmsRefused } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { localMinutesOf } from '@abide/calendar';
import { MailSender, SMS_SENDER, type SmsSender } from '../delivery/delivery.port';
import { type Member, MemberQueries } from '../members/members.port';
import { Notifications } from '../notifications/notifications.port';
import {
  type NudgeCapView,
  nudgeCapSchema,
  type NudgeDeliveryView,
  nudgeDeliverySchema,
  type NudgeOutcome,
} from './delivery/nudge-delivery.schema';
import { nudgeMail } from './delivery/nudge-mail';
import { nudgeText } from './delivery/nudge-text';
import { unsubscribeToken } from './delivery/unsubscribe-token';
import { type Channel, dueNudges, inQuietHours, type Nudge, type NudgeMember, reachableChannels, scanWindow } from './domain/due-nudges';
import { NudgeSources } from './nudge-sources';

export interface NudgeSettings {
  quietHours: { start: string; end: string };
  dailyCap: number;
  unsubscribeSecret: string;
  publicApiUrl: string;
  webBaseUrl: string;
}
export const NUDGE_SETTINGS = Symbol('NUDGE_SETTINGS');

const isDuplicateKey = (error: unknown): boolean => (error as { code?: number }).code === 11000;

const nudgeMemberOf = (m: Member): Omit<NudgeMember, 'sent'> => ({
  userId: m.userId,
  timeZone: m.timeZone,
  reminderFrequency: m.reminderFrequency as NudgeMember['reminderFrequency'],
  channels: m.channels as Channel[],
  email: m.email,
  phoneNumber: m.phoneNumber,
  emailUnsubscribed: !!m.emailUnsubscribedAt,
  smsOptedIn: !!m.smsOptedInAt,
});

/** Decides which reminders are due (the pure dueNudges), claims each once, and delivers it on the member's channels. */
@Injectable()
export class NudgeService {
  private readonly logger = new Logger(NudgeService.name);
  readonly deliveries: Model<NudgeDeliveryView>;
  private readonly caps: Model<NudgeCapView>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    @Inject(NUDGE_SETTINGS) private readonly settings: NudgeSettings,
    private readonly members: MemberQueries,
    private readonly sources: NudgeSources,
    private readonly notifications: Notifications,
    private readonly mailer: MailSender,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {
    this.deliveries = connection.models.NudgeDeliveryView ?? connection.model<NudgeDeliveryView>('NudgeDeliveryView', nudgeDeliverySchema);
    this.caps = connection.models.NudgeCapView ?? connection.model<NudgeCapView>('NudgeCapView', nudgeCapSchema);
  }

  async init(): Promise<void> {
    await Promise.all([this.deliveries.init(), this.caps.init()]);
  }

  /** One scan at `now`: returns the reminders this call claimed (a second scan at the same time claims none). */
  async scan(now: Date): Promise<Nudge[]> {
    await this.init();
    const views = await this.members.all();
    if (views.length === 0) return [];
    const ids = views.map((m) => m.userId);
    const { from, to } = scanWindow(now);
    const [habits, activity, sent] = await Promise.all([
      this.sources.remindableHabits(ids),
      this.sources.activity(ids, from, to),
      this.deliveries
        .find({ userId: { $in: ids }, localDate: { $gte: from, $lte: to }, status: { $ne: 'capped' } }, { userId: 1, localDate: 1 })
        .lean<Array<Pick<NudgeDeliveryView, '_id' | 'userId' | 'localDate'>>>(),
    ]);
    const members: NudgeMember[] = views.map((m) => ({
      ...nudgeMemberOf(m),
      sent: sent.filter((s) => s.userId === m.userId).map((s) => ({ key: s._id, localDate: s.localDate })),
    }));
    const claimed: Nudge[] = [];
    for (const nudge of dueNudges(members, habits, activity, now, {
      quietHours: this.settings.quietHours,
      dailyCap: this.settings.dailyCap,
    })) {
      if (await this.claim(nudge, now)) claimed.push(nudge);
    }
    return claimed;
  }

  /**
   * Delivers a claimed reminder on each channel not yet done; throws on a failed channel so the job retries with
   * back-off and only what is missing goes out again. A member deleted meanwhile gets nothing.
   */
  async deliver(key: string, now = new Date()): Promise<NudgeDeliveryView['status'] | 'unknown'> {
    const delivery = await this.deliveries.findById(key).lean<NudgeDeliveryView>();
    if (!delivery) return 'unknown';
    if (delivery.status !== 'pending') return delivery.status;
    const member = await this.members.find(delivery.userId);
    if (!member) {
      await this.deliveries.updateOne({ _id: key }, { $set: { status: 'skipped' } });
      return 'skipped';
    }
    // Settings may have changed since the scan (the unsubscribe link, a STOP reply): the member's current choice wins.
    const reachable = reachableChannels(nudgeMemberOf(member));
    // A retry that reaches the member's quiet hours sends no e-mail or text (the bell makes no sound).
    const quiet = inQuietHours(localMinutesOf(now, member.timeZone), this.settings.quietHours);
    for (const channel of delivery.channels) {
      if (delivery.done.includes(channel)) continue;
      const outcome: NudgeOutcome = !reachable.includes(channel)
        ? { channel, outcome: 'unreachable', at: now }
        : quiet && channel !== 'in-app'
          ? { channel, outcome: 'quiet-hours', at: now }
          : await this.send(channel, delivery, member, now);
      if (outcome.outcome === 'refused')
        this.logger.warn({ key, channel, code: outcome.code }, `reminder refused by the provider: ${outcome.detail}`);
      await this.deliveries.updateOne({ _id: key }, { $addToSet: { done: channel }, $push: { outcomes: outcome } });
    }
    await this.deliveries.updateOne({ _id: key }, { $set: { status: 'delivered', deliveredAt: now } });
    return 'delivered';
  }

  /** Keys claimed but not delivered yet (a crash between claim and enqueue): the scan job enqueues them again. */
  async pendingKeys(limit = 500): Promise<string[]> {
    const docs = await this.deliveries
      .find({ status: 'pending' }, { _id: 1 })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<Array<{ _id: string }>>();
    return docs.map((d) => d._id);
  }

  async purge(userId: string): Promise<void> {
    await this.deliveries.deleteMany({ userId });
  }

  private async claim(nudge: Nudge, now: Date): Promise<boolean> {
    try {
      await this.deliveries.create({
        _id: nudge.key,
        userId: nudge.userId,
        slot: nudge.slot,
        localDate: nudge.localDate,
        kind: nudge.kind,
        title: nudge.title,
        body: nudge.body,
        link: nudge.link,
        channels: nudge.channels,
        done: [],
        status: 'pending',
        createdAt: now,
        deliveredAt: null,
      });
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
    for (let n = 1; n <= this.settings.dailyCap; n++) {
      try {
        await this.caps.create({ _id: `${nudge.userId}:${nudge.localDate}:cap-${n}`, key: nudge.key, createdAt: now });
        return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    await this.deliveries.updateOne({ _id: nudge.key }, { $set: { status: 'capped' } });
    this.logger.debug({ key: nudge.key }, 'daily cap reached');
    return false;
  }

  /** Sends on one channel; a permanent refusal (e.g. a number that opted out at the provider) is an outcome, not an error. */
  private async send(channel: Channel, delivery: NudgeDeliveryView, member: Member, now: Date): Promise<NudgeOutcome> {
    try {
      const id = await this.sendOn(channel, delivery, member);
      return { channel, outcome: 'sent', at: now, ...(id ? { detail: id } : {}) };
    } catch (error) {
      if (!(error instanceof SmsRefused)) throw error;
      return { channel, outcome: 'refused', at: now, code: error.code, detail: error.message };
    }
  }

  /** The provider's id for the message, where it gives one. */
  private async sendOn(channel: Channel, delivery: NudgeDeliveryView, member: Member): Promise<string | undefined> {
    switch (channel) {
      case 'in-app':
        await this.notifications.add({
          userId: member.userId,
          key: delivery._id,
          title: delivery.title,
          body: delivery.body,
          link: delivery.link,
        });
        return undefined;
      case 'email': {
        const unsubscribe = `${this.settings.publicApiUrl.replace(/\/$/, '')}/nudges/unsubscribe?token=${encodeURIComponent(
          unsubscribeToken(member.userId, this.settings.unsubscribeSecret),
        )}`;
        await this.mailer.send(member.email as string, nudgeMail(delivery, { app: this.settings.webBaseUrl, unsubscribe }, member.name), {
          'List-Unsubscribe': `<${unsubscribe}>`,
        });
        return undefined;
      }
      case 'sms':
        return (await this.sms.send({ to: member.phoneNumber as string, text: nudgeText(delivery), idempotencyKey: delivery._id })).id;
    }
  }
}
