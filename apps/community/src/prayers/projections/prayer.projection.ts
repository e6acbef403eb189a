import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyIfNewer, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION, PrivateText } from '@abide/platform';
import { Schema, type Connection, type Model } from 'mongoose';
import { PrayerTexts } from '../prayer-texts';

export interface PrayerView {
  _id: string;
  groupId: string;
  authorId: string;
  /** The request's words sealed with the author's key; null once removed. */
  sealedText: string | null;
  anonymous: boolean;
  prayedBy: string[];
  answered: boolean;
  sealedTestimony: string | null;
  hidden: boolean;
  removed: boolean;
  createdAt: Date;
  version: number;
}

const prayerViewSchema = new Schema<PrayerView>(
  {
    _id: { type: String, required: true },
    groupId: { type: String, required: true },
    authorId: { type: String, required: true },
    sealedText: { type: String, default: null },
    anonymous: Boolean,
    prayedBy: { type: [String], default: [] },
    answered: { type: Boolean, default: false },
    sealedTestimony: { type: String, default: null },
    hidden: { type: Boolean, default: false },
    removed: { type: Boolean, default: false },
    createdAt: Date,
    version: { type: Number, required: true },
  },
  { collection: 'prayer_requests', versionKey: false },
);
prayerViewSchema.index({ groupId: 1, createdAt: -1 });
prayerViewSchema.index({ authorId: 1 });

/**
 * Prayer requests as a group lists them, their words sealed with the author's key; removed ones keep no words.
 * Renamed when the words became sealed, so the first start that has it empties the collection (its documents held the
 * words in the clear) and fills it again from the log.
 */
@Injectable()
export class PrayerProjection implements Projection<EventTypesOf<'community.prayer.'>> {
  readonly name = 'prayer-requests-sealed';
  readonly backfill = true;
  readonly handles = [
    'community.prayer.posted',
    'community.prayer.prayed',
    'community.prayer.answered',
    'community.prayer.hidden',
    'community.prayer.removed',
  ] as const;
  private readonly model: Model<PrayerView>;

  private readonly texts: PrayerTexts;

  // Built by EventSourcingModule, which sees the global PrivateText but not this feature's providers.
  constructor(@Inject(MONGO_CONNECTION) connection: Connection, privateText: PrivateText) {
    this.model = connection.model<PrayerView>('PrayerView', prayerViewSchema);
    this.texts = new PrayerTexts(privateText);
  }

  async apply(event: StoredEvent<EventTypesOf<'community.prayer.'>>): Promise<void> {
    const v = event.version;
    switch (event.type) {
      case 'community.prayer.posted': {
        const d = event.data;
        // Words no one can read any more belong to an erased account: nothing to list.
        const text = await this.texts.open(d.authorId, d.prayerId, 'text', d.sealedText);
        if (text === null) return;
        await applyIfNewer(this.model, d.prayerId, v, {
          $set: {
            groupId: d.groupId,
            authorId: d.authorId,
            sealedText: await this.texts.forStorage(d.authorId, d.prayerId, 'text', d.sealedText, text),
            anonymous: d.anonymous,
            createdAt: new Date(event.occurredAt),
            prayedBy: [],
            answered: false,
            sealedTestimony: null,
            hidden: false,
            removed: false,
          },
        });
        return;
      }
      case 'community.prayer.prayed':
        await applyIfNewer(this.model, event.data.prayerId, v, { $addToSet: { prayedBy: event.data.userId } });
        return;
      case 'community.prayer.answered': {
        const d = event.data;
        const testimony = await this.texts.open(d.authorId, d.prayerId, 'testimony', d.sealedTestimony);
        if (testimony === null) return;
        const sealedTestimony = await this.texts.forStorage(d.authorId, d.prayerId, 'testimony', d.sealedTestimony, testimony);
        await applyIfNewer(this.model, d.prayerId, v, { $set: { answered: true, sealedTestimony } });
        return;
      }
      case 'community.prayer.hidden':
        await applyIfNewer(this.model, event.data.prayerId, v, { $set: { hidden: true } });
        return;
      case 'community.prayer.removed':
        await applyIfNewer(this.model, event.data.prayerId, v, { $set: { removed: true, sealedText: null, sealedTestimony: null } });
        return;
    }
  }

  /** A group's requests, newest first; hidden ones only when asked (leaders, or the author's own). */
  ofGroup(groupId: string): Promise<PrayerView[]> {
    return this.model.find({ groupId, removed: false }).sort({ createdAt: -1 }).lean<PrayerView[]>();
  }

  find(prayerId: string): Promise<PrayerView | null> {
    return this.model.findById(prayerId).lean<PrayerView>();
  }

  byAuthor(userId: string): Promise<PrayerView[]> {
    return this.model.find({ authorId: userId, removed: false }).lean<PrayerView[]>();
  }

  /** Account deletion: their requests go, and their 'I prayed' marks on others' requests. */
  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ authorId: subjectId });
    await this.model.updateMany({ prayedBy: subjectId }, { $pull: { prayedBy: subjectId } });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
