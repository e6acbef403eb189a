import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { dropRetiredCollections, isDuplicateKeyError, MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { CLOCK, type Clock } from '../../config/clock';
import { groupReadsModel, type GroupReadsRow } from '../../read-models/group-generations';

/**
 * How long a computed answer is served at most. Writes make it stale at once (see below); this only bounds what
 * changes with time alone, and keepUntil cuts it shorter where such a change is known to come sooner.
 */
export const GROUP_CARD_TTL_MS = 60_000;

/** Every zone's midnight falls on a quarter hour of UTC, so no member's day (nor week) turns within one. */
const QUARTER_HOUR_MS = 15 * 60_000;

/** What is kept of a group: its card (My Groups, Discover, a church's groups) and its leaders' dashboard. */
export type KeptField = 'card' | 'dashboard';

interface Kept<T> {
  /** The group's `gen` read before what this was computed from. */
  forGen: number;
  validUntil: number;
  value: T;
}

/** A kept answer, or none to serve; `gen` is what a computation made now must be kept under. */
export interface KeptRead<T> {
  gen: number;
  value: T | null;
}

/**
 * A group's card and dashboard are computed from several read models: the group, its roster, each member's groups,
 * person and activity (names, zones, facts). Computing them reads every member's documents; they are kept here, one
 * document per group (`group_reads`), and a read costs one read by key while nothing they came from changed.
 *
 * Never served stale, with any number of replicas:
 * - every writer of one of those read models moves the group's `gen` on after its write (groupInputsChanged): the
 *   group and roster projections, the member's-groups projection (for a join), and the activity consumer for each
 *   group the member's groups list after it stored a change of their activity or person;
 * - a computation reads `gen` first, then its inputs, and keeps its answer with that `gen` (a write conditional on
 *   `gen` not having moved), and an answer is served only while the group's `gen` is still the one it was kept with.
 * So a write a computation missed came after its read of `gen`, and the `gen` moved on after that write makes the
 * answer stale. The member's-groups projection closes the one gap: a member's change stored while their groups did
 * not list the group yet (the join reached the roster first) is followed by that projection's move of `gen`.
 * Time alone (a new week in a member's zone, the Active badge running out) is bounded by `validUntil` (keepUntil).
 * All reads and writes are by `_id`.
 */
@Injectable()
export class GroupCardCache implements OnApplicationBootstrap {
  private readonly rows: Model<GroupReadsRow>;

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.rows = groupReadsModel(connection);
  }

  /**
   * What was kept before: cards checked against each member's stamp at every read (`group_cards`) and the stamps of
   * before them. One drop each, a no-op once gone (any replica, any start).
   */
  async onApplicationBootstrap(): Promise<void> {
    await dropRetiredCollections(this.connection, 'group_card_stamps', 'card_member_stamps', 'group_cards');
  }

  /** The kept `field` of the group when it may be served now, and the `gen` to keep a new one under: one read by key. */
  async read<T>(groupId: string, field: KeptField): Promise<KeptRead<T>> {
    const row = await this.rows.findById(groupId, { gen: 1, [field]: 1 }).lean<GroupReadsRow>();
    const gen = row?.gen ?? 0;
    const text = row?.[field];
    if (!text) return { gen, value: null };
    const kept = JSON.parse(text) as Kept<T>;
    return { gen, value: kept.forGen === gen && kept.validUntil > this.clock().getTime() ? kept.value : null };
  }

  /**
   * Keeps `value`, computed from inputs read after `gen` was, unless `gen` has moved on meanwhile (then it is stale
   * already and the next read computes again). `activeUntil`: when a figure of it runs out by time alone, if known.
   */
  async keep<T>(groupId: string, field: KeptField, gen: number, value: T, activeUntil?: number | null): Promise<void> {
    const kept: Kept<T> = { forGen: gen, validUntil: this.keepUntil(activeUntil), value };
    const text = JSON.stringify(kept);
    try {
      // A group no one wrote since it was first read has no document yet (gen 0): the first keep makes it.
      await this.rows.updateOne({ _id: groupId, gen }, { $set: { [field]: text } }, { upsert: gen === 0 });
    } catch (error) {
      // Its document is there with another `gen` after all: this answer may be stale, so it is not kept.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** At most GROUP_CARD_TTL_MS, never past the next quarter hour (a day may turn there) nor past `activeUntil`. */
  private keepUntil(activeUntil?: number | null): number {
    const now = this.clock().getTime();
    const quarter = (Math.floor(now / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;
    const bounds = [now + GROUP_CARD_TTL_MS, quarter];
    if (activeUntil && activeUntil > now) bounds.push(activeUntil);
    return Math.min(...bounds);
  }
}
