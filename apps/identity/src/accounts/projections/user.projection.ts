import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyIfNewer, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type UserView, userViewSchema } from './user.schema';

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
    'identity.user.deleted',
    'identity.user.two-factor-enabled',
    'identity.user.two-factor-disabled',
    'identity.user.two-factor-recovery-code-used',
    'identity.user.two-factor-recovery-codes-renewed',
  ] as const;
  readonly model: Model<UserView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<UserView>('UserView', userViewSchema);
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
        await applyIfNewer(this.model, userId, event.version, { $set: change });
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
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteOne({ _id: subjectId });
  }

  findById(id: string) {
    return this.model.findById(id).lean();
  }

  findByEmail(email: string) {
    return this.model.findOne({ email }).lean();
  }
}
