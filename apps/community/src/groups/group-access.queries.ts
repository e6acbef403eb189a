import { Injectable } from '@nestjs/common';
import { GroupCommands } from './commands/group.commands';
import { assertMember, isLeader } from './domain/group.decider';

/** Who may see and do what inside a group (its prayers), from the group's stream: one keyed read. */
@Injectable()
export class GroupAccess {
  constructor(private readonly commands: GroupCommands) {}

  /**
   * Whether the member leads the group (owner or co-leader); anyone who is not a member is refused as the group's
   * inner data refuses them (a private group's outsiders 404, a public one's 403).
   */
  async memberLeads(userId: string, groupId: string): Promise<boolean> {
    const group = await this.commands.load(groupId);
    assertMember(group, userId);
    return isLeader(group, userId);
  }
}
