import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_CHANNELS, type EventTypesOf } from '@abide/contracts';
import { applyIfNewer, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type SmsNumberView, smsNumberViewSchema, type UserView, userViewSchema } from './user.schema';

@Injectable()
export class UserProjection implements Projection<EventTypesOf<'identity.user.'>> {
  readonly name = 'users';
  readonly handles = [
    'identity.user.registered',
    'identity.user.email-confirmed',
    'identity.user.profile-updated',
    'identity.user.onboarding-completed',
    'identity.user.settings-updated',
    'identity.user.roles-changed',
    'identity.user.sms-opted-in',
    'identity.user.sms-opted-out',
    'identity.user.deleted',
    'identity.user.two-factor-enabled',
    'identity.user.two-factor-disabled',
    'identity.user.two-factor-recovery-code-used',
    'identity.user.two-factor-recovery-codes-renewed',
  ] as const;
  readonly model: Model<UserView>;
  readonly smsNumbers: Model<SmsNumberView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<UserView>('UserView', userViewSchema);
    this.smsNumbers = connection.models.SmsNumberView ?? connection.model<SmsNumberView>('SmsNumberView', smsNumberViewSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'identity.user.'>>): Promise<void> {
    const userId = event.subjectId ?? event.data.userId;
    switch (event.type) {
      case 'identity.user.registered': {
        const d = event.data;
        await applyIfNewer(this.model, userId, event.version, {
          $set: { email: d.email, name: d.name, roles: d.roles, createdAt: new Date(d.registeredAt) },
        });
        return;
      }
      case 'identity.user.email-confirmed':
        await applyIfNewer(this.model, userId, event.version, { $set: { emailConfirmed: true } });
        return;
      case 'identity.user.profile-updated': {
        const d = event.data;
        await applyIfNewer(this.model, userId, event.version, { $set: { name: d.name } });
        return;
      }
      case 'identity.user.onboarding-completed': {
        const d = event.data;
        await applyIfNewer(this.model, userId, event.version, {
          $set: {
            name: d.name,
            onboardingCompleted: true,
            spiritualGoals: d.spiritualGoals,
            connectionPreferences: d.connectionPreferences,
            reminderFrequency: d.reminderFrequency,
            phoneNumber: d.phoneNumber,
            timeZone: d.timeZone,
          },
        });
        return;
      }
      case 'identity.user.settings-updated': {
        const { userId: _ignored, ...change } = event.data;
        if (change.phoneNumber !== undefined) await this.forgetSmsNumberUnless(userId, change.phoneNumber);
        await applyIfNewer(this.model, userId, event.version, { $set: change });
        return;
      }
      // Read, then written whole: upserted views may lack `channels` (upserts skip defaults). Projections run inside
      // the stream's turn, so nothing else writes this member's view meanwhile.
      case 'identity.user.sms-opted-in': {
        const d = event.data;
        const view = await this.model.findById(userId, { channels: 1 }).lean<Pick<UserView, 'channels'>>();
        const channels = [...new Set([...(view?.channels ?? DEFAULT_NOTIFICATION_CHANNELS), 'sms'])];
        await this.smsNumbers.updateOne({ _id: d.phoneNumber }, { $addToSet: { userIds: userId } }, { upsert: true });
        await applyIfNewer(this.model, userId, event.version, {
          $set: { channels, smsOptedInAt: new Date(d.optedInAt), smsOptedOutAt: null, smsOptOutSource: null, smsNumber: d.phoneNumber },
        });
        return;
      }
      case 'identity.user.sms-opted-out': {
        const d = event.data;
        const view = await this.model.findById(userId, { channels: 1 }).lean<Pick<UserView, 'channels'>>();
        const channels = (view?.channels ?? DEFAULT_NOTIFICATION_CHANNELS).filter((c) => c !== 'sms');
        if (d.source === 'number-changed') await this.forgetSmsNumberUnless(userId, null);
        await applyIfNewer(this.model, userId, event.version, {
          $set: { channels, smsOptedInAt: null, smsOptedOutAt: new Date(d.optedOutAt), smsOptOutSource: d.source },
        });
        return;
      }
      case 'identity.user.roles-changed': {
        const d = event.data;
        await applyIfNewer(this.model, userId, event.version, { $set: { roles: d.roles } });
        return;
      }
      case 'identity.user.deleted':
        await this.purgeSubject(userId);
        return;
      case 'identity.user.two-factor-enabled': {
        const d = event.data;
        await applyIfNewer(this.model, userId, event.version, {
          $set: { twoFactorEnabled: true, twoFactorEnabledAt: new Date(d.enabledAt), recoveryCodesLeft: d.recoveryCodes },
        });
        return;
      }
      case 'identity.user.two-factor-disabled':
        await applyIfNewer(this.model, userId, event.version, { $set: { twoFactorEnabled: false, twoFactorEnabledAt: null, recoveryCodesLeft: 0 } });
        return;
      case 'identity.user.two-factor-recovery-code-used':
        await applyIfNewer(this.model, userId, event.version, { $set: { recoveryCodesLeft: event.data.remaining } });
        return;
      case 'identity.user.two-factor-recovery-codes-renewed':
        await applyIfNewer(this.model, userId, event.version, { $set: { recoveryCodesLeft: event.data.recoveryCodes } });
        return;
    }
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
    await this.smsNumbers.deleteMany({});
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.forgetSmsNumberUnless(subjectId, null);
    await this.model.deleteOne({ _id: subjectId });
  }

  /** The members a text from `phoneNumber` (E.164) may come from: one keyed read. */
  async membersTextingFrom(phoneNumber: string): Promise<string[]> {
    return (await this.smsNumbers.findById(phoneNumber).lean<SmsNumberView>())?.userIds ?? [];
  }

  /** Takes the member off the number replies know them by, unless it is still `keep`. */
  private async forgetSmsNumberUnless(userId: string, keep: string | null): Promise<void> {
    const view = await this.model.findById(userId, { smsNumber: 1 }).lean<Pick<UserView, 'smsNumber'>>();
    if (!view?.smsNumber || view.smsNumber === keep) return;
    await this.smsNumbers.updateOne({ _id: view.smsNumber }, { $pull: { userIds: userId } });
    // A number nobody has is personal data of no use: it goes.
    await this.smsNumbers.deleteOne({ _id: view.smsNumber, userIds: { $size: 0 } });
    await this.model.updateOne({ _id: userId }, { $set: { smsNumber: null } });
  }

  findById(id: string) {
    return this.model.findById(id).lean();
  }

  findByEmail(email: string) {
    return this.model.findOne({ email }).lean();
  }
}
