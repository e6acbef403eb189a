import { DynamicModule, Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { MONGO_CONNECTION, PrivateTextModule, ServiceCoreModule } from '@abide/platform';
import { AccountExportController } from './account/account-export.controller';
import { ActivityConsumer } from './activity/activity.consumer';
import { ActivityEvents } from './activity/activity-events';
import { MemberActivityMigration } from './activity/projections/member-activity.migration';
import { MemberActivityStore } from './activity/projections/member-activity.store';
import type { Clock } from './config/clock';
import { CommunityAggregates } from './community-aggregates';
import { CommunityConfigModule } from './config/community-config.module';
import type { CommunityConfig } from './config/env.schema';
import { GroupCommands } from './groups/commands/group-commands';
import { OwnershipClaims } from './groups/commands/ownership-claims';
import { GroupFigures } from './groups/group-figures.service';
import { GroupQueries } from './groups/group-queries';
import { GroupsController } from './groups/groups.controller';
import { MemberDeparture } from './groups/member-departure';
import { GroupLive } from './groups/live/group-live';
import { GroupCardCache } from './groups/projections/group-card-cache';
import { GroupProjection } from './groups/projections/group.projection';
import { GroupRosterProjection } from './groups/projections/group-roster.projection';
import { MemberGroupsProjection } from './groups/projections/member-groups.projection';
import { PrayerCommands } from './prayers/commands/prayer-commands';
import { PrayerQueries } from './prayers/prayer-queries';
import { PrayersController } from './prayers/prayers.controller';
import { PrayerTexts } from './prayers/prayer-texts';
import { PrayerTextSealing } from './prayers/prayer-text-sealing.migration';
import { PrayerProjection } from './prayers/projections/prayer.projection';
import { DeadLetterOpsModule, kafkaConnection } from '@abide/messaging';
import { ChurchLogoConsumer } from './churches/church-logo.consumer';
import { InvitationJoinsConsumer } from './churches/invitation-joins.consumer';
import { ChurchQueries } from './churches/church-queries';
import { ChurchesController } from './churches/churches.controller';
import { ChurchClaims } from './churches/commands/church-claims';
import { ChurchCommands } from './churches/commands/church-commands';
import { ChurchGroupsProjection } from './churches/projections/church-groups.projection';
import { ChurchLogos } from './churches/projections/church-logos';
import { ChurchPageProjection } from './churches/projections/church-page.projection';
import { MemberChurchesProjection } from './churches/projections/member-churches.projection';
import { ChurchDashboardController } from './churches/dashboard/church-dashboard.controller';
import { ChurchDashboardQueries } from './churches/dashboard/church-dashboard.queries';
import { ChurchFiguresProjection } from './churches/dashboard/church-figures.projection';
import { ChurchFiguresStore } from './churches/dashboard/church-figures.store';
import { MemberSharing } from './sharing/member-sharing';
import { SharingController } from './sharing/sharing.controller';
import { SharingMove } from './sharing/sharing-move.migration';

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
        EventSourcingModule.forRoot({
          service: 'community',
          connection: MONGO_CONNECTION,
          kafka: { clientId: config.KAFKA_CLIENT_ID, ...kafkaConnection(config) },
          projections: [
            GroupProjection,
            MemberGroupsProjection,
            GroupRosterProjection,
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
      controllers: [PrayersController, GroupsController, ChurchDashboardController, ChurchesController, SharingController, AccountExportController, ActivityConsumer, ChurchLogoConsumer, InvitationJoinsConsumer],
      providers: [
        CommunityAggregates,
        MemberSharing,
        SharingMove,
        MemberActivityStore,
        MemberActivityMigration,
        OwnershipClaims,
        GroupCommands,
        GroupFigures,
        GroupCardCache,
        GroupLive,
        GroupQueries,
        PrayerTexts,
        PrayerTextSealing,
        PrayerCommands,
        PrayerQueries,
        MemberDeparture,
        ActivityEvents,
        ChurchClaims,
        ChurchCommands,
        ChurchQueries,
        ChurchLogos,
        ChurchFiguresStore,
        ChurchFiguresProjection,
        ChurchDashboardQueries,
      ],
    };
  }
}
