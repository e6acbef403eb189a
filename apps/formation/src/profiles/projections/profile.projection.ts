import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf, FormationProfile } from '@abide/contracts';
import { applyInOrder, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model, UpdateQuery } from 'mongoose';
import { type ProfileView, profileViewSchema } from './profile.schema';

@Injectable()
export class ProfileProjection implements Projection<EventTypesOf<'formation.profile.'>> {
  /** Renamed when its events began to be applied in stream order by conditional writes: filled again from the log once. */
  readonly name = 'profiles-2';
  readonly backfill = true;
  readonly handles = ['formation.profile.created', 'formation.profile.renamed'] as const;
  private readonly model: Model<ProfileView>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly log: EventStore,
  ) {
    this.model = connection.model<ProfileView>('ProfileView', profileViewSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'formation.profile.'>>): Promise<void> {
    await applyInOrder(this.model, event.data.userId, event, this.log, profileChange);
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

/** What one event of the member's stream changes in their profile (null: nothing, the version moves on). */
const profileChange = (event: StoredEvent): UpdateQuery<ProfileView> | null => {
  const profileEvent = event as StoredEvent<EventTypesOf<'formation.profile.'>>;
  if (profileEvent.type === 'formation.profile.created') {
    return { $set: { displayName: profileEvent.data.displayName, createdAt: new Date(profileEvent.occurredAt) } };
  }
  if (profileEvent.type === 'formation.profile.renamed') return { $set: { displayName: profileEvent.data.displayName } };
  return null;
};
