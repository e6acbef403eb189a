import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CommandRunner, type StoredEvent } from '@abide/event-store';
import { LiveSignals } from '@abide/messaging';
import { LRUCache } from 'lru-cache';
import { GroupRosterProjection } from '../projections/group-roster.projection';

/** A group whose screens changed, and who besides its current members must hear of it. */
export interface GroupTouched {
  groupId: string;
  /** The member an event is about, when they may no longer (or not yet) be in the roster: a leaver, a requester. */
  also: string[];
}

/** The group an event of a group's or a prayer's stream changes (its card, roster, requests, dashboard or prayers). */
export const groupTouchedBy = (event: Pick<StoredEvent, 'type' | 'data'>): GroupTouched | undefined => {
  if (!event.type.startsWith('community.group.') && !event.type.startsWith('community.prayer.')) return undefined;
  const data = event.data as { groupId?: unknown; userId?: unknown };
  if (typeof data.groupId !== 'string') return undefined;
  return { groupId: data.groupId, also: typeof data.userId === 'string' ? [data.userId] : [] };
};

/**
 * Tells a group's members that its screens changed (My Groups' card, the group page, the leaders' dashboard, prayers):
 * after a command on a group or a prayer (once its read models are written), and after a member's activity changed
 * the figures of their groups. The audience is the group's roster as community keeps it, read by key: membership
 * is community's knowledge, so the gateway never needs it (docs/architecture.md, "Live updates").
 */
@Injectable()
export class GroupLive implements OnModuleInit {
  private readonly logger = new Logger(GroupLive.name);

  /**
   * Who hears of a member's activity, as read at most AUDIENCE_TTL_MS ago: each of their groups' members (the groups
   * come with the signal, from the member's activity document just written). Every check-in, plan activity and journal
   * entry of a member tells their groups, so reading the rosters each time cost a read per group and fact; a signal is
   * a hint, so its audience may be seconds old (a member who joined a group on another instance hears of its members'
   * activity a few seconds later; their own screens load afresh anyway). What this instance stores of a group forgets
   * the group's entry at once.
   */
  private readonly membersOfGroup: LRUCache<string, string[]>;

  constructor(
    private readonly runner: CommandRunner,
    private readonly live: LiveSignals,
    private readonly rosters: GroupRosterProjection,
  ) {
    this.membersOfGroup = new LRUCache<string, string[]>({
      max: AUDIENCE_ENTRIES,
      ttl: AUDIENCE_TTL_MS,
      fetchMethod: async (groupId) => Object.keys((await rosters.read(groupId)).members),
    });
  }

  onModuleInit(): void {
    this.runner.onStored((events) => {
      for (const event of events) {
        const touched = groupTouchedBy(event);
        if (!touched) continue;
        this.membersOfGroup.delete(touched.groupId);
        this.detached(this.groupChanged(touched.groupId, touched.also, event.correlationId, event));
      }
    });
  }

  /**
   * A member's activity changed the figures of their groups (`groupIds`: as the writer of that change just read them,
   * so no read of the member's groups): the groups' members are told.
   */
  memberFiguresChanged(_userId: string, correlationId: string | null, groupIds: readonly string[]): void {
    this.detached(
      (async () => {
        for (const groupId of groupIds) {
          const members = (await this.membersOfGroup.fetch(groupId)) ?? [];
          this.live.tell({ members }, { kind: 'group', groupId }, correlationId);
        }
      })(),
    );
  }

  /** `after`: an event of the group's stream just stored here, whose roster this process may still hold in memory. */
  private async groupChanged(groupId: string, also: readonly string[], correlationId: string | null, after?: StoredEvent): Promise<void> {
    const roster = after ? await this.rosters.readIncluding(groupId, after) : await this.rosters.read(groupId);
    this.live.tell({ members: [...Object.keys(roster.members), ...also] }, { kind: 'group', groupId }, correlationId);
  }

  /** A signal is a hint: the command or event that caused it has already succeeded, so a failed roster read is logged. */
  private detached(work: Promise<void>): void {
    work.catch((error: Error) => this.logger.warn(`A group's live signal was not sent: ${error.message}`));
  }
}

/** How old the audience of an activity signal may be, and how many groups' audiences are kept. */
const AUDIENCE_TTL_MS = 5_000;
const AUDIENCE_ENTRIES = 20_000;
