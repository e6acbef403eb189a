import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CommandRunner, type StoredEvent } from '@abide/event-store';
import { LiveSignals } from '@abide/messaging';
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

  constructor(
    private readonly runner: CommandRunner,
    private readonly live: LiveSignals,
    private readonly rosters: GroupRosterProjection,
  ) {}

  onModuleInit(): void {
    this.runner.onStored((events) => {
      for (const event of events) {
        const touched = groupTouchedBy(event);
        if (touched) this.detached(this.groupChanged(touched.groupId, touched.also, event.correlationId, event));
      }
    });
  }

  /** The figures of these groups changed (a member's activity): their members are told. */
  figuresChanged(groupIds: readonly string[], correlationId: string | null): void {
    for (const groupId of groupIds) this.detached(this.groupChanged(groupId, [], correlationId));
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
