import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@abide/contracts';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type UserView, userViewSchema } from './user.schema';

@Injectable()
export class UserProjection {
  readonly name = 'users';
  readonly handles = ['identity.user.registered'] as const;
  readonly model: Model<UserView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<UserView>('UserView', userViewSchema);
  }

  async apply(event: EventEnvelope): Promise<void> {
    if (event.type === 'identity.user.registered') {
      const data = event.data as { userId: string; email: string; name: string; roles: string[]; registeredAt: string };
      // Upsert only when this version is new to the read model, so a replay is a no-op.
      await this.model.updateOne(
        { _id: data.userId, version: { $lt: event.version } },
        {
          $set: { email: data.email, name: data.name, roles: data.roles, createdAt: new Date(data.registeredAt), version: event.version },
          $setOnInsert: { onboardingCompleted: false },
        },
        { upsert: true },
      ).catch(ignoreDuplicateUpsert);
    }
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }

  findById(id: string) {
    return this.model.findById(id).lean();
  }
}

/** A duplicate-key error on upsert means a newer version is already there: nothing to do. */
const ignoreDuplicateUpsert = (error: { code?: number }) => {
  if (error.code !== 11000) throw error;
};
