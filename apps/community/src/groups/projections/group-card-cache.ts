import { Inject, Injectable } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import { randomUUID } from 'node:crypto';
import { type Connection, type Model, Schema } from 'mongoose';
import { CLOCK, type Clock } from '../../config/clock';
import { groupsOf } from '../domain/member-groups';
import { MemberGroupsProjection } from './member-groups.projection';

/**
 * How long a computed card is served before it is computed again. Events refresh a card at once (see below); this
 * only bounds what changes with time alone: a week beginning in a member's zone, the Active badge running out.
 */
export const GROUP_CARD_TTL_MS = 60_000;

interface CachedCard {
  _id: string;
  /** The group's stamp when the card was computed: a newer stamp means a member's activity changed since. */
  stamp: string;
  /** The members it was computed for, in roster order: a join or a departure makes it stale. */
  members: string;
  validUntil: number;
  card: string;
}

interface CardStamp {
  _id: string;
  stamp: string;
}

/**
 * The figures of a group's card (weekly progress, Active, latest activity) read every member's activity document:
 * dozens of reads for one card, on My Groups and Discover. They are kept here, one document per group, computed on the
 * first read and reused until something they depend on changes:
 * - a member's activity, name, zone or sharing choice: the activity consumer calls `memberChanged` after applying it,
 *   which gives each of the member's groups a new stamp;
 * - the members themselves: the roster the caller passes differs from the one the card was computed for;
 * - time: GROUP_CARD_TTL_MS.
 * The stamp is read before the figures are computed and stored with them, so a change that lands during a computation
 * leaves a card that is already stale, never one that hides the change. All reads and writes are by key.
 */
@Injectable()
export class GroupCardCache {
  private readonly cards: Model<CachedCard>;
  private readonly stamps: Model<CardStamp>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly memberGroups: MemberGroupsProjection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.cards = connection.model<CachedCard>(
      'GroupCard',
      new Schema<CachedCard>(
        {
          _id: { type: String, required: true },
          stamp: { type: String, required: true },
          members: { type: String, default: '' },
          validUntil: { type: Number, required: true },
          card: { type: String, required: true },
        },
        { collection: 'group_cards', versionKey: false },
      ),
    );
    this.stamps = connection.model<CardStamp>(
      'GroupCardStamp',
      new Schema<CardStamp>(
        { _id: { type: String, required: true }, stamp: { type: String, required: true } },
        { collection: 'group_card_stamps', versionKey: false },
      ),
    );
  }

  /** The card of `groupId` for these members (roster order), computed by `compute` only when the kept one is stale. */
  async card<T>(groupId: string, memberIds: readonly string[], compute: () => Promise<T>): Promise<T> {
    const [stamp, kept] = await Promise.all([
      this.stamps.findById(groupId).lean<CardStamp>(),
      this.cards.findById(groupId).lean<CachedCard>(),
    ]);
    const now = this.clock().getTime();
    const current = stamp?.stamp ?? 'first';
    const members = memberIds.join(',');
    if (kept && kept.stamp === current && kept.members === members && kept.validUntil > now) return JSON.parse(kept.card) as T;
    const card = await compute();
    await this.cards.replaceOne(
      { _id: groupId },
      { stamp: current, members, validUntil: now + GROUP_CARD_TTL_MS, card: JSON.stringify(card) },
      { upsert: true },
    );
    return card;
  }

  /**
   * After anything about this member changed: the cards of their groups are computed again on their next read.
   * Returns those groups.
   */
  async memberChanged(userId: string): Promise<string[]> {
    const groups = groupsOf(await this.memberGroups.read(userId)).map((g) => g.groupId);
    await Promise.all(groups.map((groupId) => this.stamps.replaceOne({ _id: groupId }, { stamp: randomUUID() }, { upsert: true })));
    return groups;
  }
}
