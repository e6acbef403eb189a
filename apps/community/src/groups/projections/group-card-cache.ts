import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';
import { CLOCK, type Clock } from '../../config/clock';
import { dropRetiredCollections } from '@abide/platform';
import { MemberActivityQueries } from '../../activity/activity.port';

/**
 * How long a computed card is served before it is computed again. Events refresh a card at once (see below); this
 * only bounds what changes with time alone: a week beginning in a member's zone, the Active badge running out.
 */
export const GROUP_CARD_TTL_MS = 60_000;

interface CachedCard {
  _id: string;
  /** The members it was computed for, in roster order, each with their stamp read before the computation. */
  memberStamps?: string;
  validUntil: number;
  card: string;
}

/**
 * The figures of a group's card (weekly progress, Active, latest activity) read every member's person and activity
 * documents and fold them: on My Groups and Discover, for every card. A card is kept here, one document per group,
 * computed on the first read and reused while nothing it was computed from has changed. It is a cache that can never
 * be served as truth when stale, with any number of replicas, because:
 * - each member's stamp is the revision of their activity document (MemberActivityQueries.stampsOf), which every stored
 *   change of their activity moves on, and so does a change of their name, zone or sharing choice (the activity
 *   consumer touches the document after storing it; the inbox runs the handler again until it completes);
 * - a card is stored with its members in roster order and the stamps read before its figures were computed, and is
 *   served only while those are exactly the current roster and stamps, and GROUP_CARD_TTL_MS has not passed.
 * So a served card was computed after each of its members' last stored change. A change that lands during a
 * computation leaves a card with the older stamp, already stale; a card lost, or overwritten by an older computation
 * (which carries older stamps), only costs a computation. The stamp lives in the document a fact is written to, so
 * storing a fact costs no second write for the cards. All reads and writes are by key.
 */
@Injectable()
export class GroupCardCache implements OnApplicationBootstrap {
  private readonly cards: Model<CachedCard>;

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    private readonly activity: MemberActivityQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.cards = connection.model<CachedCard>(
      'GroupCard',
      new Schema<CachedCard>(
        {
          _id: { type: String, required: true },
          memberStamps: { type: String },
          validUntil: { type: Number, required: true },
          card: { type: String, required: true },
        },
        // Cards kept before member stamps have none, so they are computed again at their first read.
        { collection: 'group_cards', versionKey: false },
      ),
    );
  }

  /**
   * The stamps of before (the groups', then the members' own collection) are read no more: one drop, a no-op once
   * gone (any replica, any start). Cards kept with them name other stamps, so they are computed again at first read.
   */
  async onApplicationBootstrap(): Promise<void> {
    await dropRetiredCollections(this.connection, 'group_card_stamps', 'card_member_stamps');
  }

  /**
   * The card of `groupId` for these members (roster order), computed by `compute` only when the kept one is stale.
   * `inputs`: anything else the card was computed from (which members share with the group), matched like the stamps.
   */
  async card<T>(groupId: string, memberIds: readonly string[], compute: () => Promise<T>, inputs = ''): Promise<T> {
    const [stamps, kept] = await Promise.all([this.stampsOf(memberIds), this.cards.findById(groupId).lean<CachedCard>()]);
    const memberStamps = inputs ? `${stamps}|${inputs}` : stamps;
    const now = this.clock().getTime();
    if (kept && kept.memberStamps === memberStamps && kept.validUntil > now) return JSON.parse(kept.card) as T;
    const card = await compute();
    await this.cards.replaceOne(
      { _id: groupId },
      { memberStamps, validUntil: now + GROUP_CARD_TTL_MS, card: JSON.stringify(card) },
      { upsert: true },
    );
    return card;
  }

  /** The members with their current stamps, one read by key each (in parallel): what a kept card must match. */
  private async stampsOf(memberIds: readonly string[]): Promise<string> {
    const stamps = await this.activity.stampsOf(memberIds);
    return memberIds.map((id, i) => `${id}:${stamps[i]}`).join(',');
  }
}
