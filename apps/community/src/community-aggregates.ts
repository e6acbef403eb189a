import { Injectable } from '@nestjs/common';
import { type AppendMeta, EventStore } from '@abide/event-store';
import { churchDecider, type ChurchState } from './churches/domain/church.decider';
import { groupDecider, type GroupState } from './groups/domain/group.decider';

/** Where a command's events come from: a request's id, or the event that caused it. */
export type Meta = AppendMeta;

export const groupStreamId = (groupId: string) => `group-${groupId}`;
export const churchStreamId = (churchId: string) => `church-${churchId}`;

/**
 * The current state of a group or a church from its stream head (one keyed read, however long its history): what
 * one aggregate's commands check in another (a church's admins starting groups in it, a group's members praying in
 * it) and what queries check roles against. Both command services read through here, so neither depends on the other.
 */
@Injectable()
export class CommunityAggregates {
  constructor(private readonly eventStore: EventStore) {}

  async group(groupId: string): Promise<GroupState> {
    return (await this.eventStore.aggregate(groupStreamId(groupId), groupDecider)).state;
  }

  async church(churchId: string): Promise<ChurchState> {
    return (await this.eventStore.aggregate(churchStreamId(churchId), churchDecider)).state;
  }
}
