import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import { randomUUID } from 'node:crypto';
import { type Connection, type Model, Schema } from 'mongoose';
import { CLOCK, type Clock } from '../../config/clock';
import { dropRetiredCollections } from '@abide/platform';
import { groupsOf } from '../domain/member-groups';
import { MemberGroupsProjection } from './member-groups.projection';

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

/** A member's stamp: replaced by a new random one after anything the cards read of them changed. */
interface MemberStamp {
  _id: string;
  stamp: string;
}

/**
 * The figures of a group's card (weekly progress, Active, latest activity) read every member's person and activity
 * documents and fold them: on My Groups and Discover, for every card. A card is kept here, one document per group,
 * computed on the first read and reused while nothing it was computed from has changed. It is a cache that can never
 * be served as truth when stale, with any number of replicas, because:
 * - each member has a stamp (`card_member_stamps`, by key), replaced by a new random value by `memberChanged`, which
 *   the activity consumer calls after storing any change to that member's activity, name, zone or sharing choice (and
 *   the inbox runs the handler again until it completes, so a stored change is always followed by a new stamp);
 * - a card is stored with its members in roster order and the stamps read before its figures were computed, and is
 *   served only while those are exactly the current roster and stamps, and GROUP_CARD_TTL_MS has not passed.
 * So a served card was computed after each of its members' last stored change. A change that lands during a
 * computation leaves a card with the older stamp, already stale; a card lost, or overwritten by an older computation
 * (which carries older stamps), only costs a computation. The stamps are the members' own, not their groups', so
 * a card never depends on knowing a member's groups at the moment they changed (member groups and rosters are
 * separate documents, written one after the other). All reads and writes are by key.
 */
@Injectable()
export class GroupCardCache implements OnApplicationBootstrap {
  private readonly cards: Model<CachedCard>;
  private readonly stamps: Model<MemberStamp>;

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    private readonly memberGroups: MemberGroupsProjection,
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
    this.stamps = connection.model<MemberStamp>(
      'GroupCardMemberStamp',
      new Schema<MemberStamp>(
        { _id: { type: String, required: true }, stamp: { type: String, required: true } },
        { collection: 'card_member_stamps', versionKey: false },
      ),
    );
  }

  /** The groups' stamps of before member stamps are read no more: one drop, a no-op once gone (any replica, any start). */
  async onApplicationBootstrap(): Promise<void> {
    await dropRetiredCollections(this.connection, 'group_card_stamps');
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

  /**
   * After anything about this member changed (and was stored): every card they are on is computed again at its next
   * read. Returns the groups they are in now, whose members a live signal tells (a hint: the cards do not need it).
   */
  async memberChanged(userId: string): Promise<string[]> {
    await this.stamps.replaceOne({ _id: userId }, { stamp: randomUUID() }, { upsert: true });
    return groupsOf(await this.memberGroups.read(userId)).map((g) => g.groupId);
  }

  /** The members with their current stamps, one read by key each (in parallel): what a kept card must match. */
  private async stampsOf(memberIds: readonly string[]): Promise<string> {
    const stamps = await Promise.all(memberIds.map((id) => this.stamps.findById(id).lean<MemberStamp>()));
    return memberIds.map((id, i) => `${id}:${stamps[i]?.stamp ?? '-'}`).join(',');
  }
}
