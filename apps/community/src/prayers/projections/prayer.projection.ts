import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyInOrder, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION, PrivateText } from '@abide/platform';
import { Schema, type Connection, type Model, type UpdateQuery } from 'mongoose';
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
  /** The version of the prayer's stream last applied (every event in order: see applyInOrder). */
  version: number;
}

type PrayerEvent = StoredEvent<EventTypesOf<'community.prayer.'>>;

/** Where requests were kept before `prayer_requests_v2` (see `reset`). */
const LEGACY_COLLECTION = 'prayer_requests';

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
  { collection: 'prayer_requests_v2', versionKey: false },
);
prayerViewSchema.index({ groupId: 1, createdAt: -1 });
prayerViewSchema.index({ authorId: 1 });

/**
 * Prayer requests as a group lists them (`prayer_requests_v2`, `_id` = the request), their words sealed with the
 * author's key; removed ones keep no words. Each request follows its stream: every event applied once and in order by
 * a conditional write (applyInOrder), so replicas applying one request's events at the same moment lose none. Renamed
 * when it began to, so the first start that has it fills it again from the log.
 */
@Injectable()
export class PrayerProjection implements Projection<EventTypesOf<'community.prayer.'>> {
  readonly name = 'prayer-requests-v2';
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
  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    privateText: PrivateText,
    private readonly log: EventStore,
  ) {
    this.model = connection.model<PrayerView>('PrayerView', prayerViewSchema);
    this.texts = new PrayerTexts(privateText);
  }

  async apply(event: PrayerEvent): Promise<void> {
    await applyInOrder(this.model, event.data.prayerId, event, this.log, (next) => this.changeOf(next as PrayerEvent));
  }

  /** What one event of the request's stream changes in its document; null when nothing (only the version moves on). */
  private async changeOf(event: PrayerEvent): Promise<UpdateQuery<PrayerView> | null> {
    switch (event.type) {
      case 'community.prayer.posted': {
        const d = event.data;
        const text = await this.texts.open(d.authorId, d.prayerId, 'text', d.sealedText);
        const shown = { prayedBy: [], answered: false, sealedTestimony: null, hidden: false };
        const fields = {
          groupId: d.groupId,
          authorId: d.authorId,
          anonymous: d.anonymous,
          createdAt: new Date(event.occurredAt),
          ...shown,
        };
        // Words no one can read any more belong to an erased account: nothing to list.
        if (text === null) return { $set: { ...fields, sealedText: null, removed: true } };
        return {
          $set: { ...fields, sealedText: await this.texts.forStorage(d.authorId, d.prayerId, 'text', d.sealedText, text), removed: false },
        };
      }
      case 'community.prayer.prayed':
        return { $addToSet: { prayedBy: event.data.userId } };
      case 'community.prayer.answered': {
        const d = event.data;
        const testimony = await this.texts.open(d.authorId, d.prayerId, 'testimony', d.sealedTestimony);
        if (testimony === null) return null;
        return {
          $set: {
            answered: true,
            sealedTestimony: await this.texts.forStorage(d.authorId, d.prayerId, 'testimony', d.sealedTestimony, testimony),
          },
        };
      }
      case 'community.prayer.hidden':
        return { $set: { hidden: true } };
      case 'community.prayer.removed':
        return { $set: { removed: true, sealedText: null, sealedTestimony: null } };
      default:
        return null;
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

  /** Before a rebuild; the collection of before `prayer_requests_v2` goes too (account deletion no longer reaches it). */
  async reset(): Promise<void> {
    await this.model.deleteMany({});
    const existing = await this.connection.db!.listCollections({ name: LEGACY_COLLECTION }, { nameOnly: true }).toArray();
    if (existing.length) await this.connection.db!.dropCollection(LEGACY_COLLECTION);
  }
}
