import { DynamicModule, Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { DeadLetterOpsModule, kafkaConnection, kafkaEventTransport, MessagingModule } from '@abide/messaging';
import { MONGO_CONNECTION, portProvider, PrivateTextModule, ServiceCoreModule } from '@abide/platform';
import { AccountExportController } from './account/account-export.controller';
import { MemberErasure } from './account/account.port';
import { MemberDeparture } from './account/member-departure';
import { MemberActivityChanges, MemberActivityQueries } from './activity/activity.port';
import { ActivityConsumer } from './member-events/activity.consumer';
import { ActivityEvents } from './member-events/activity-events';
import { MemberActivityStore } from './activity/projections/member-activity.store';
import { ChurchMembership } from './churches/church-membership';
import { ChurchesExportQuery, ChurchFigureUpdates } from './churches/churches.port';
import { ChurchLogoConsumer } from './churches/church-logo.consumer';
import { ChurchQueries } from './churches/church.queries';
import { ChurchesController } from './churches/churches.controller';
import { ChurchClaims } from './churches/commands/church-claims';
import { ChurchCommands } from './churches/commands/church.commands';
import { ChurchDashboardController } from './churches/dashboard/church-dashboard.controller';
import { ChurchDashboardQueries } from './churches/dashboard/church-dashboard.queries';
import { ChurchFiguresProjection } from './churches/dashboard/church-figures.projection';
import { ChurchFiguresStore } from './churches/dashboard/church-figures.store';
import { InvitationJoinsConsumer } from './churches/invitation-joins.consumer';
import { ChurchLogos } from './churches/projections/church-logos';
import { CommunityMigrations } from './community.migration';
import { ChurchPageProjection } from './churches/projections/church-page.projection';
import type { Clock } from './config/clock';
import { CommunityConfigModule } from './config/community-config.module';
import type { CommunityConfig } from './config/env.schema';
import { ChurchAdmins } from './groups/church-admins.port';
import { GroupCommands } from './groups/commands/group.commands';
import { OwnershipClaims } from './groups/commands/ownership-claims';
import { GroupAccess } from './groups/group-access.queries';
import { KeptGroupCards } from './groups/group-cards';
import { GroupFigures } from './groups/group-figures.service';
import { GroupMembership } from './groups/group-membership';
import { GroupQueries } from './groups/group.queries';
import { GroupsController } from './groups/groups.controller';
import {
  GroupActions,
  GroupCards,
  GroupLeadership,
  GroupLiveUpdates,
  GroupLookup,
  GroupRosters,
  GroupsInChurches,
} from './groups/groups.port';
import { GroupsOfChurches } from './groups/groups-of-churches.queries';
import { GroupLive } from './groups/live/group-live';
import { ChurchGroupsProjection } from './groups/projections/church-groups.projection';
import { GroupCardCache } from './groups/projections/group-card-cache';
import { GroupProjection } from './groups/projections/group.projection';
import { GroupRosterProjection } from './groups/projections/group-roster.projection';
import { MemberSharing } from './memberships/member-sharing';
import { MEMBERSHIP_AGGREGATES, type MembershipAggregates } from './memberships/membership-aggregates';
import { MembershipCommands } from './memberships/membership.commands';
import { MembershipQueries } from './memberships/membership.queries';
import { ChurchesOfMember, GroupsOfMember, MembershipChanges, MembershipRosters, SharingChoices } from './memberships/memberships.port';
import { MemberChurchesProjection, MemberGroupsProjection } from './memberships/projections/member-memberships.projection';
import { SharingController } from './memberships/sharing.controller';
import { PrayerCommands } from './prayers/commands/prayer.commands';
import { PrayerQueries } from './prayers/prayer.queries';
import { PrayersController } from './prayers/prayers.controller';
import { PrayerErasure, PrayersByAuthor, PrayerWords } from './prayers/prayers.port';
import { PrayerTexts } from './prayers/prayer-texts';
import { PrayerProjection } from './prayers/projections/prayer.projection';

/** The community service: churches (and their pastor's dashboard), groups, membership, the leaders' dashboard on real member activity, prayer requests. */
@Module({})
export class AppModule {
  /** `clock` is for tests that move time; the service runs on the real one. */
  static forRoot(config: CommunityConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'community', config }),
        PrivateTextModule.forRoot(config),
        CommunityConfigModule.forRoot(config, clock),
        MessagingModule.forRoot({ connection: MONGO_CONNECTION, kafka: { clientId: config.KAFKA_CLIENT_ID, ...kafkaConnection(config) } }),
        EventSourcingModule.forRoot({
          service: 'community',
          connection: MONGO_CONNECTION,
          transport: kafkaEventTransport,
          redis: { url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX },
          projections: [
            GroupProjection,
            GroupRosterProjection,
            // After the rosters: a member's groups copy from them (MemberGroupsProjection).
            MemberGroupsProjection,
            PrayerProjection,
            ChurchPageProjection,
            MemberChurchesProjection,
            ChurchGroupsProjection,
          ],
        }),
        // The operations API's part here (admins only): community runs no job queues, so only its dead letters.
        DeadLetterOpsModule.forService('community'),
      ],
      // The prayer routes (groups/:id/prayers…) come before the group routes so ':id' never swallows them.
      controllers: [
        PrayersController,
        GroupsController,
        ChurchDashboardController,
        ChurchesController,
        SharingController,
        AccountExportController,
        ActivityConsumer,
        ChurchLogoConsumer,
        InvitationJoinsConsumer,
      ],
      providers: [
        MemberSharing,
        MembershipCommands,
        MembershipQueries,
        // Membership serves groups and churches through their aggregates; groups ask churches about their admins.
        {
          provide: MEMBERSHIP_AGGREGATES,
          useFactory: (group: GroupMembership, church: ChurchMembership): MembershipAggregates => ({ group, church }),
          inject: [GroupMembership, ChurchMembership],
        },
        portProvider(ChurchAdmins, ChurchMembership),
        MemberActivityStore,
        OwnershipClaims,
        GroupCommands,
        GroupMembership,
        GroupAccess,
        GroupFigures,
        GroupCardCache,
        KeptGroupCards,
        GroupLive,
        GroupQueries,
        GroupsOfChurches,
        PrayerTexts,
        PrayerCommands,
        PrayerQueries,
        MemberDeparture,
        ActivityEvents,
        ChurchClaims,
        ChurchCommands,
        ChurchMembership,
        ChurchQueries,
        ChurchLogos,
        ChurchFiguresStore,
        ChurchFiguresProjection,
        ChurchDashboardQueries,
        // Community's one-time data steps, one list (community.migration.ts).
        CommunityMigrations,
        // Each feature's ports (docs/structure.md, "Ports"), answered by its classes above.
        portProvider(MemberActivityQueries, MemberActivityStore),
        portProvider(MemberActivityChanges, MemberActivityStore),
        portProvider(MembershipChanges, MembershipCommands),
        portProvider(MembershipRosters, MembershipQueries),
        portProvider(SharingChoices, MemberSharing),
        portProvider(GroupsOfMember, MemberGroupsProjection),
        portProvider(ChurchesOfMember, MemberChurchesProjection),
        portProvider(GroupLeadership, GroupAccess),
        portProvider(GroupActions, GroupCommands),
        portProvider(GroupCards, KeptGroupCards),
        portProvider(GroupLiveUpdates, GroupLive),
        portProvider(GroupsInChurches, GroupsOfChurches),
        portProvider(GroupLookup, GroupProjection),
        portProvider(GroupRosters, GroupRosterProjection),
        portProvider(ChurchFigureUpdates, ChurchFiguresStore),
        portProvider(ChurchesExportQuery, ChurchQueries),
        portProvider(PrayersByAuthor, PrayerProjection),
        portProvider(PrayerWords, PrayerTexts),
        portProvider(PrayerErasure, PrayerCommands),
        portProvider(MemberErasure, MemberDeparture),
      ],
    };
  }
}
