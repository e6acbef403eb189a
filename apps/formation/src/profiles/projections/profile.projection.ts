import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf, FormationProfile } from '@abide/contracts';
import { applyIfNewer, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type ProfileView, profileViewSchema } from './profile.schema';

@Injectable()
export class ProfileProjection implements Projection<EventTypesOf<'formation.profile.'>> {
  readonly name = 'profiles';
  readonly handles = ['formation.profile.created', 'formation.profile.renamed'] as const;
  private readonly model: Model<ProfileView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<ProfileView>('ProfileView', profileViewSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'formation.profile.'>>): Promise<void> {
    const data = event.data;
    if (event.type === 'formation.profile.created') {
      await applyIfNewer(this.model, data.userId, event.version, {
        $set: { displayName: data.displayName, createdAt: new Date(event.occurredAt) },
      });
    } else if (event.type === 'formation.profile.renamed') {
      await applyIfNewer(this.model, data.userId, event.version, { $set: { displayName: data.displayName } });
    }
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }

  async findByUser(userId: string): Promise<FormationProfile | null> {
    const view = await this.model.findById(userId).lean();
    return view ? { userId: view._id, displayName: view.displayName, createdAt: view.createdAt.toISOString() } : null;
  }
}
