import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { portProvider } from '@abide/platform';
import { MemberCommands } from './commands/member.commands';
import { MemberStream } from './commands/member-stream.commands';
import { IdentityEvents } from './identity-events';
import { MemberLifecycleListeners } from './member-lifecycle';
import { MembersConsumer } from './members.consumer';
import { MemberChanges, MemberLifecycle, MemberQueries } from './members.port';
import { MemberProjection } from './projections/member.projection';

const readModels = EventSourcingModule.forFeature([MemberProjection]);

/** What formation knows of each member, learnt from identity; every other feature depends on it, it on none. */
@Module({
  imports: [readModels],
  controllers: [MembersConsumer],
  providers: [
    MemberStream,
    MemberCommands,
    MemberLifecycleListeners,
    IdentityEvents,
    portProvider(MemberQueries, MemberProjection),
    portProvider(MemberChanges, MemberCommands),
    portProvider(MemberLifecycle, MemberLifecycleListeners),
  ],
  // The stream for formation.migration.ts alone (moving the reminders' old contacts).
  exports: [MemberQueries, MemberChanges, MemberLifecycle, MemberStream],
})
export class MembersModule {}
