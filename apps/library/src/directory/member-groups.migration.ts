import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MONGO_CONNECTION, runOnceBehindMarker } from '@abide/platform';
import type { Connection } from 'mongoose';
import { Directory } from './directory';
import type { MembershipView } from './directory.schema';

const MARKER = 'member-groups-documents';

/**
 * Fills `library_member_groups` once from `library_group_members` (one document per membership), which community's
 * events filled before: Kafka cannot replay them. Adding a group twice changes nothing, so a join meanwhile is kept
 * and a run cut short is simply run again at the next start. A marker keyed by name says it is done.
 */
@Injectable()
export class MemberGroupsMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger(MemberGroupsMigration.name);

  constructor(
    private readonly directory: Directory,
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await runOnceBehindMarker(this.connection, 'library_migrations', MARKER, () => this.fill());
  }

  private async fill(): Promise<void> {
    const rows = await this.directory.memberships.find().lean<MembershipView[]>();
    const byUser = new Map<string, string[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.groupId]);
    for (const [userId, groupIds] of byUser) await this.directory.addGroups(userId, groupIds);
    if (byUser.size) this.logger.log(`Moved the groups of ${byUser.size} member(s) to library_member_groups`);
  }
}
