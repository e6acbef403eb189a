import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { MemberLifecycle } from '../members/members.port';
import { MembersModule } from '../members/members.module';
import { ChurchDirectory } from './church-directory';
import { ChurchMembershipListeners } from './church-membership-changes';
import { ChurchFacts, ChurchMembershipChanges } from './churches.port';
import { ChurchesConsumer } from './churches.consumer';
import { CommunityEvents } from './community-events';

/** Churches and groups as community's events tell them: roles for the curriculum routes, audiences for assignments. */
@Module({
  imports: [MembersModule],
  controllers: [ChurchesConsumer],
  providers: [
    ChurchDirectory,
    ChurchMembershipListeners,
    CommunityEvents,
    portProvider(ChurchFacts, ChurchDirectory),
    portProvider(ChurchMembershipChanges, ChurchMembershipListeners),
  ],
  exports: [ChurchFacts, ChurchMembershipChanges],
})
export class ChurchesModule {
  constructor(lifecycle: MemberLifecycle, directory: ChurchDirectory) {
    lifecycle.listen({ forget: (userId) => directory.forgetMember(userId) });
  }
}
