import { DEFAULT_NOTIFICATION_CHANNELS } from '@abide/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { EventData, EventEnvelope } from '@abide/contracts';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { isValidTimeZone } from '@abide/calendar';
import { type NudgeChannel, type NudgeMemberView, nudgeMemberSchema } from './member-directory.schema';

/**
 * The nudges' reader of members: reminder settings with the contact details (name, e-mail) that formation's own
 * member events deliberately leave out, since those events are published. Time zones come from MemberProjection. Identity keys its topic by user,
 * so one member's events arrive in order; each update only sets what the event says.
 */
@Injectable()
export class MemberDirectory {
  readonly model: Model<NudgeMemberView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.models.NudgeMemberView ?? connection.model<NudgeMemberView>('NudgeMemberView', nudgeMemberSchema);
  }

  async registered(event: EventEnvelope<EventData<'identity.user.registered'>>): Promise<void> {
    await this.upsert(event.data.userId, { name: event.data.name, email: event.data.email }, { reminderFrequency: 'daily', channels: [...DEFAULT_NOTIFICATION_CHANNELS] });
  }

  async onboarded(event: EventEnvelope<EventData<'identity.user.onboarding-completed'>>): Promise<void> {
    const d = event.data;
    await this.upsert(d.userId, {
      name: d.name,
      reminderFrequency: d.reminderFrequency as NudgeMemberView['reminderFrequency'],
      phoneNumber: d.phoneNumber || null,
      ...(isValidTimeZone(d.timeZone) ? { timeZone: d.timeZone } : {}),
    });
  }

  async settingsUpdated(event: EventEnvelope<EventData<'identity.user.settings-updated'>>): Promise<void> {
    const d = event.data;
    const set: Partial<NudgeMemberView> = {};
    if (d.timeZone && isValidTimeZone(d.timeZone)) set.timeZone = d.timeZone;
    if (d.reminderFrequency) set.reminderFrequency = d.reminderFrequency as NudgeMemberView['reminderFrequency'];
    if (d.phoneNumber !== undefined) set.phoneNumber = d.phoneNumber || null;
    if (d.channels) {
      set.channels = d.channels as NudgeChannel[];
      // Choosing e-mail again in settings is a fresh, explicit opt-in.
      if (d.channels.includes('email')) set.emailUnsubscribedAt = null;
    }
    await this.upsert(d.userId, set);
  }

  async renamed(event: EventEnvelope<EventData<'identity.user.profile-updated'>>): Promise<void> {
    await this.upsert(event.data.userId, { name: event.data.name });
  }

  /** Account deletion: only a tombstone stays, so a late event cannot bring the member's reminders back. */
  async deleted(userId: string): Promise<void> {
    await this.model.updateOne(
      { _id: userId },
      {
        $set: { deleted: true, name: null, email: null, phoneNumber: null, channels: [], reminderFrequency: 'none', updatedAt: new Date() },
      },
      { upsert: true },
    );
  }

  async unsubscribeEmail(userId: string, at: Date): Promise<boolean> {
    const result = await this.model.updateOne({ _id: userId, deleted: false }, { $set: { emailUnsubscribedAt: at, updatedAt: at } });
    return result.matchedCount > 0;
  }

  async find(userId: string): Promise<NudgeMemberView | null> {
    return this.model.findById(userId).lean<NudgeMemberView>();
  }

  /** Members who may get reminders of some kind (deleted ones never). */
  async reachable(): Promise<NudgeMemberView[]> {
    return this.model.find({ deleted: false }).lean<NudgeMemberView[]>();
  }

  private async upsert(userId: string, set: Partial<NudgeMemberView>, onInsert: Partial<NudgeMemberView> = {}): Promise<void> {
    // A deleted member stays deleted whatever arrives late.
    const insertOnly = Object.fromEntries(Object.entries(onInsert).filter(([k]) => !(k in set)));
    await this.model
      .updateOne({ _id: userId, deleted: { $ne: true } }, { $set: { ...set, updatedAt: new Date() }, $setOnInsert: { deleted: false, ...insertOnly } }, { upsert: true })
      .catch((error: unknown) => {
        // The filter missed a deleted member and the upsert collided on _id: nothing to do.
        if ((error as { code?: number }).code !== 11000) throw error;
      });
  }
}
