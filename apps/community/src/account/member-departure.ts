import { Injectable, Logger } from '@nestjs/common';
import { type AppendMeta as Meta, EventStore, ProjectionRunner } from '@abide/event-store';
import { MemberActivityChanges } from '../activity/activity.port';
import { GroupActions } from '../groups/groups.port';
import { ChurchesOfMember, GroupsOfMember, MembershipChanges } from '../memberships/memberships.port';
import { churchesOf, groupsOf, pendingChurchRequests, pendingGroupIds } from '../memberships/membership-model.port';
import { PrayerErasure, PrayersByAuthor, PrayerWords } from '../prayers/prayers.port';

/** The words of a member that v1 prayer events kept in the clear: overwritten in the log when they delete their account. */
export const COMMUNITY_PERSONAL_FIELDS = ['text', 'testimony'] as const;

/**
 * Account deletion (`identity.user.deleted`): the member's data key is destroyed first, so every sealed copy of their
 * prayer requests (the log, Kafka, backups) is unreadable from then on; then they leave every group and church (removed
 * by 'system'), their join requests are withdrawn, their prayer requests leave the groups, their ratings and activity
 * are forgotten, and words v1 events kept in the clear are overwritten. Every step is idempotent, so a redelivery only
 * finds less to do.
 */
@Injectable()
export class MemberDeparture {
  private readonly logger = new Logger(MemberDeparture.name);

  constructor(
    private readonly activity: MemberActivityChanges,
    private readonly memberGroups: GroupsOfMember,
    private readonly groupCommands: GroupActions,
    private readonly memberships: MembershipChanges,
    private readonly prayers: PrayersByAuthor,
    private readonly prayerCommands: PrayerErasure,
    private readonly memberChurches: ChurchesOfMember,
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly prayerTexts: PrayerWords,
  ) {}

  async forget(userId: string, meta: Meta): Promise<void> {
    await this.prayerTexts.forget(userId);
    await this.activity.forget(userId);
    const [mine, prayers] = await Promise.all([this.memberGroups.read(userId), this.prayers.byAuthor(userId)]);
    const groupIds = new Set([...groupsOf(mine).map((m) => m.groupId), ...pendingGroupIds(mine)]);
    for (const groupId of groupIds) await this.memberships.depart('group', userId, groupId, meta);
    // Every church too (an only admin's church passes to its longest-standing member: see decideDeparture).
    const churchDoc = await this.memberChurches.read(userId);
    const churchIds = new Set([
      ...churchesOf(churchDoc).map((c) => c.churchId),
      ...pendingChurchRequests(churchDoc).map((r) => r.churchId),
    ]);
    for (const churchId of churchIds) await this.memberships.depart('church', userId, churchId, meta);
    for (const prayer of prayers) await this.prayerCommands.removeByAuthorDeletion(prayer._id, userId, meta);
    await this.groupCommands.releaseOwnerships(userId);
    await this.projections.purgeSubject(userId);
    const erased = await this.eventStore.eraseSubjectData(userId, COMMUNITY_PERSONAL_FIELDS);
    this.logger.log(
      `Forgot member ${userId}: ${groupIds.size} group(s), ${churchIds.size} church(es), ${prayers.length} prayer request(s), ${erased} field(s) erased`,
    );
  }
}
