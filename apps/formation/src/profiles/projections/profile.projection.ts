import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope, FormationProfile } from '@abide/contracts';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type ProfileView, profileViewSchema } from './profile.schema';

@Injectable()
export class ProfileProjection {
  readonly name = 'profiles';
  readonly handles = ['formation.profile.created'] as const;
  private readonly model: Model<ProfileView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<ProfileView>('ProfileView', profileViewSchema);
  }

  async apply(event: EventEnvelope): Promise<void> {
    if (event.type !== 'formation.profile.created') return;
    const data = event.data as { userId: string; displayName: string };
    await this.model
      .updateOne(
        { _id: data.userId, version: { $lt: event.version } },
        { $set: { displayName: data.displayName, createdAt: new Date(event.occurredAt), version: event.version } },
        { upsert: true },
      )
      .catch((error: { code?: number }) => {
        if (error.code !== 11000) throw error;
      });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }

  async findByUser(userId: string): Promise<FormationProfile | null> {
    const view = await this.model.findById(userId).lean();
    return view ? { userId: view._id, displayName: view.displayName, createdAt: view.createdAt.toISOString() } : null;
  }
}
