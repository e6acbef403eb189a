import { Injectable } from '@nestjs/common';
import type { AppendMeta, StoredEvent } from '@abide/event-store';
import type { ChurchAdmins } from '../groups/church-admins.port';
import type { MembershipAggregate } from '../memberships/memberships.port';
import { type MembershipCommand, rosterMembers, rosterRequests } from '../memberships/membership-model.port';
import { ChurchCommands } from './commands/church.commands';
import { assertAdmin, roleIn } from './domain/church.decider';
import { ChurchPageProjection } from './projections/church-page.projection';

/**
 * A church as membership sees it (MEMBERSHIP_AGGREGATES), and as groups ask about it (ChurchAdmins): its admins
 * are checked on the church's stream; its members and requests, for its admins only, come from its page.
 */
@Injectable()
export class ChurchMembership implements MembershipAggregate<'church'>, ChurchAdmins {
  readonly kind = 'church' as const;

  constructor(
    private readonly commands: ChurchCommands,
    private readonly pages: ChurchPageProjection,
  ) {}

  handle(command: MembershipCommand, meta: AppendMeta): Promise<StoredEvent[]> {
    return this.commands.membership(command, meta);
  }

  async members(callerId: string, churchId: string) {
    await this.assertAdmin(churchId, callerId);
    return rosterMembers(await this.pages.read(churchId));
  }

  async requests(callerId: string, churchId: string) {
    await this.assertAdmin(churchId, callerId);
    return rosterRequests(await this.pages.read(churchId));
  }

  async nameOf(churchId: string): Promise<string | undefined> {
    return (await this.pages.read(churchId)).name || undefined;
  }

  async assertAdmin(churchId: string, userId: string): Promise<void> {
    assertAdmin(await this.commands.load(churchId), userId);
  }

  async isAdmin(churchId: string, userId: string): Promise<boolean> {
    return roleIn(await this.commands.load(churchId), userId) === 'admin';
  }
}
