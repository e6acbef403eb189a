import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import type { Projection, StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';

/**
 * Who owns an e-mail address, keyed by the address (`user_emails`, `_id` = the address in lower case): a member
 * import resolves thousands of addresses with one keyed read each, where a filter on `users.email` would scan the
 * collection for every one on FerretDB v1. Each owner also has a reverse entry (`_id` = `user:{userId}`), so the
 * deletion event, which carries no address, finds the one to remove.
 */
interface UserEmailDoc {
  _id: string;
  /** The owner (address entries), or the address (reverse entries). */
  value: string;
}

const userEmailSchema = new Schema<UserEmailDoc>(
  { _id: { type: String, required: true }, value: { type: String, required: true } },
  { collection: 'user_emails', versionKey: false },
);

const reverseKey = (userId: string) => `user:${userId}`;

@Injectable()
export class UserEmailsProjection implements Projection<EventTypesOf<'identity.user.'>> {
  readonly name = 'user-emails';
  readonly handles = ['identity.user.registered', 'identity.user.deleted'] as const;
  /** Added after accounts existed: filled from the log once. */
  readonly backfill = true;
  private readonly model: Model<UserEmailDoc>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.models.UserEmail ?? connection.model<UserEmailDoc>('UserEmail', userEmailSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'identity.user.'>>): Promise<void> {
    if (event.type === 'identity.user.registered') {
      const email = event.data.email.trim().toLowerCase();
      // A deleted member's registration has its address erased: nothing to find them by.
      if (!email.includes('@')) return;
      // Upserts by key: a replayed registration writes the same two entries.
      await this.model.updateOne({ _id: email }, { $set: { value: event.data.userId } }, { upsert: true });
      await this.model.updateOne({ _id: reverseKey(event.data.userId) }, { $set: { value: email } }, { upsert: true });
    } else if (event.type === 'identity.user.deleted') {
      await this.purgeSubject(event.data.userId);
    }
  }

  /** The account with this address (any case), or null. */
  async ownerOf(email: string): Promise<string | null> {
    return (await this.model.findById(email.trim().toLowerCase()).lean<UserEmailDoc>())?.value ?? null;
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }

  async purgeSubject(userId: string): Promise<void> {
    const reverse = await this.model.findById(reverseKey(userId)).lean<UserEmailDoc>();
    if (!reverse) return;
    // Only while the address is still this member's (a later owner of the address keeps theirs): one conditional
    // delete, so a new owner's registration written between a read and the delete is never removed.
    await this.model.deleteOne({ _id: reverse.value, value: userId });
    await this.model.deleteOne({ _id: reverseKey(userId) });
  }
}
