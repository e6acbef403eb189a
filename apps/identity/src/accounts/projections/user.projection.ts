import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_CHANNELS, type EventTypesOf } from '@abide/contracts';
import { applyInOrder, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model, UpdateQuery } from 'mongoose';
import { type SmsNumberView, smsNumberViewSchema, type UserView, userViewSchema } from './user.schema';

type UserEventType = EventTypesOf<'identity.user.'>;
type UserEvent = StoredEvent<UserEventType>;

/** The events after which `sms_numbers` may have to list the member at another number, or at none. */
const changesSmsNumbers = (event: UserEvent): boolean =>
  event.type === 'identity.user.sms-opted-in' ||
  event.type === 'identity.user.sms-opted-out' ||
  event.type === 'identity.user.deleted' ||
  (event.type === 'identity.user.settings-updated' && event.data.phoneNumber !== undefined);

/**
 * The number replies know the member by after `event`: the one opted in at, until the number changes (a STOP keeps
 * it, so START can find the member again).
 */
const smsNumberAfter = (before: string | null, event: StoredEvent): string | null => {
  const e = event as UserEvent;
  switch (e.type) {
    case 'identity.user.sms-opted-in':
      return e.data.phoneNumber;
    case 'identity.user.sms-opted-out':
      return e.data.source === 'number-changed' ? null : before;
    case 'identity.user.settings-updated':
      return e.data.phoneNumber === undefined || before === e.data.phoneNumber ? before : null;
    case 'identity.user.deleted':
      return null;
    default:
      return before;
  }
};

/** What a deleted account's view keeps: nothing but its id, its version and the mark (`smsNumbersSeen` goes once unlisted). */
const erasedFields = [
  'email',
  'name',
  'roles',
  'emailConfirmed',
  'onboardingCompleted',
  'spiritualGoals',
  'connectionPreferences',
  'reminderFrequency',
  'phoneNumber',
  'timeZone',
  'channels',
  'shareProgressWithGroups',
  'smsOptedInAt',
  'smsOptedOutAt',
  'smsOptOutSource',
  'smsNumber',
  'twoFactorEnabled',
  'twoFactorEnabledAt',
  'recoveryCodesLeft',
  'createdAt',
] as const;

/**
 * The account as /auth/me, /settings and the export show it (`users`, keyed by the member), and who texts from which
 * number (`sms_numbers`). Each user stream's events are applied in order by conditional writes (applyInOrder), so two
 * replicas applying a member's events at once lose none and skip none; `sms_numbers` is brought in line with the view
 * after the events that move it.
 */
@Injectable()
export class UserProjection implements Projection<UserEventType> {
  /** Renamed when its events began to be applied in stream order by conditional writes: filled again from the log once. */
  readonly name = 'users-2';
  readonly backfill = true;
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

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly log: EventStore,
  ) {
    this.model = connection.models.UserView ?? connection.model<UserView>('UserView', userViewSchema);
    this.smsNumbers = connection.models.SmsNumberView ?? connection.model<SmsNumberView>('SmsNumberView', smsNumberViewSchema);
  }

  async apply(event: UserEvent): Promise<void> {
    const userId = event.subjectId ?? event.data.userId;
    // The events applied in this pass of applyInOrder, in order: a settings change needs the number they leave.
    let pass: StoredEvent[] = [];
    await applyInOrder(this.model, userId, event, this.log, (next) => {
      if (pass.at(-1)?.version !== next.version - 1) pass = [];
      pass.push(next);
      return this.changeOf(next as UserEvent, () => this.smsNumberBefore(userId, pass));
    });
    // After every event that moves the number (even one applied already: a crash may have come between the two).
    if (changesSmsNumbers(event)) await this.listAtSmsNumber(userId);
  }

  /** What one event changes in the member's view (null: nothing, only the version moves on). */
  private async changeOf(event: UserEvent, smsNumberBefore: () => Promise<string | null>): Promise<UpdateQuery<UserView> | null> {
    switch (event.type) {
      case 'identity.user.registered': {
        const d = event.data;
        // Written out: an upserted document gets no schema defaults, and the opt-ins below add to and take from these.
        return { $set: { email: d.email, name: d.name, roles: d.roles, createdAt: new Date(d.registeredAt), channels: [...DEFAULT_NOTIFICATION_CHANNELS] } };
      }
      case 'identity.user.email-confirmed':
        return { $set: { emailConfirmed: true } };
      case 'identity.user.profile-updated':
        return { $set: { name: event.data.name } };
      case 'identity.user.onboarding-completed': {
        const d = event.data;
        return {
          $set: {
            name: d.name,
            onboardingCompleted: true,
            spiritualGoals: d.spiritualGoals,
            connectionPreferences: d.connectionPreferences,
            reminderFrequency: d.reminderFrequency,
            phoneNumber: d.phoneNumber,
            timeZone: d.timeZone,
          },
        };
      }
      case 'identity.user.settings-updated': {
        const { userId: _ignored, ...change } = event.data;
        if (change.phoneNumber === undefined) return { $set: change };
        return { $set: { ...change, smsNumber: smsNumberAfter(await smsNumberBefore(), event) } };
      }
      case 'identity.user.sms-opted-in': {
        const d = event.data;
        return {
          $addToSet: { channels: 'sms', smsNumbersSeen: d.phoneNumber },
          $set: { smsOptedInAt: new Date(d.optedInAt), smsOptedOutAt: null, smsOptOutSource: null, smsNumber: d.phoneNumber },
        };
      }
      case 'identity.user.sms-opted-out': {
        const d = event.data;
        return {
          $pull: { channels: 'sms' },
          $set: {
            smsOptedInAt: null,
            smsOptedOutAt: new Date(d.optedOutAt),
            smsOptOutSource: d.source,
            ...(d.source === 'number-changed' ? { smsNumber: null } : {}),
          },
        };
      }
      case 'identity.user.roles-changed':
        return { $set: { roles: event.data.roles } };
      case 'identity.user.deleted':
        // A mark, not a removal: a late event of the stream finds its version passed instead of starting the view again.
        return { $set: { deleted: true }, $unset: Object.fromEntries(erasedFields.map((f) => [f, 1])) };
      case 'identity.user.two-factor-enabled': {
        const d = event.data;
        return { $set: { twoFactorEnabled: true, twoFactorEnabledAt: new Date(d.enabledAt), recoveryCodesLeft: d.recoveryCodes } };
      }
      case 'identity.user.two-factor-disabled':
        return { $set: { twoFactorEnabled: false, twoFactorEnabledAt: null, recoveryCodesLeft: 0 } };
      case 'identity.user.two-factor-recovery-code-used':
        return { $set: { recoveryCodesLeft: event.data.remaining } };
      case 'identity.user.two-factor-recovery-codes-renewed':
        return { $set: { recoveryCodesLeft: event.data.recoveryCodes } };
      default:
        return null;
    }
  }

  /**
   * The number replies knew the member by just before the last event of `pass`: the view's, as it was before the pass,
   * carried through the pass's earlier events.
   */
  private async smsNumberBefore(userId: string, pass: readonly StoredEvent[]): Promise<string | null> {
    const view = await this.model.findById(userId, { version: 1, smsNumber: 1 }).lean<Pick<UserView, 'version' | 'smsNumber'>>();
    // Another writer moved the view on since the pass began: its conditional write loses and it runs again, so any answer does.
    if ((view?.version ?? 0) !== pass[0].version - 1) return null;
    return pass.slice(0, -1).reduce(smsNumberAfter, view?.smsNumber ?? null);
  }

  /**
   * Lists the member at the number the view holds and at no other they opted in at. Another replica may do the same
   * from an older view at the same moment, so each pass ends by checking the view did not move meanwhile (else it runs
   * again on the newer one), and takes back what it listed itself if that is not wanted any more.
   */
  private async listAtSmsNumber(userId: string): Promise<void> {
    const listed = new Set<string>();
    for (;;) {
      const view = await this.model
        .findById(userId, { version: 1, smsNumber: 1, smsNumbersSeen: 1, deleted: 1 })
        .lean<Pick<UserView, 'version' | 'smsNumber' | 'smsNumbersSeen' | 'deleted'>>();
      const wanted = view && !view.deleted ? (view.smsNumber ?? null) : null;
      if (wanted) {
        await this.smsNumbers.updateOne({ _id: wanted }, { $addToSet: { userIds: userId } }, { upsert: true });
        listed.add(wanted);
      }
      for (const number of new Set([...(view?.smsNumbersSeen ?? []), ...listed])) {
        if (number !== wanted) await this.unlist(userId, number);
      }
      const after = await this.model.findById(userId, { version: 1 }).lean<Pick<UserView, 'version'>>();
      if ((after?.version ?? 0) !== (view?.version ?? 0)) continue;
      // A deleted member's numbers are personal data of no use once unlisted.
      if (view?.deleted && view.smsNumbersSeen) await this.model.updateOne({ _id: userId, version: view.version }, { $unset: { smsNumbersSeen: 1 } });
      return;
    }
  }

  private async unlist(userId: string, number: string): Promise<void> {
    await this.smsNumbers.updateOne({ _id: number }, { $pull: { userIds: userId } });
    // A number nobody has is personal data of no use: it goes.
    await this.smsNumbers.deleteOne({ _id: number, userIds: { $size: 0 } });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
    await this.smsNumbers.deleteMany({});
  }

  async purgeSubject(subjectId: string): Promise<void> {
    const view = await this.model.findById(subjectId, { smsNumber: 1, smsNumbersSeen: 1 }).lean<Pick<UserView, 'smsNumber' | 'smsNumbersSeen'>>();
    for (const number of new Set([...(view?.smsNumbersSeen ?? []), ...(view?.smsNumber ? [view.smsNumber] : [])])) await this.unlist(subjectId, number);
    await this.model.deleteOne({ _id: subjectId });
  }

  /** The members a text from `phoneNumber` (E.164) may come from: one keyed read. */
  async membersTextingFrom(phoneNumber: string): Promise<string[]> {
    return (await this.smsNumbers.findById(phoneNumber).lean<SmsNumberView>())?.userIds ?? [];
  }

  /** The account's view, or null for an unknown or deleted one. */
  async findById(id: string): Promise<UserView | null> {
    const view = await this.model.findById(id).lean<UserView>();
    return view && !view.deleted ? view : null;
  }

  async findByEmail(email: string): Promise<UserView | null> {
    const view = await this.model.findOne({ email }).lean<UserView>();
    return view && !view.deleted ? view : null;
  }
}
