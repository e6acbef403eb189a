import { Module } from '@nestjs/common';
import { MemberLifecycle } from '../members/members.port';
import { MembersModule } from '../members/members.module';
import { ChurchDirectory } from './church-directory';
import { ChurchMembershipChanges } from './church-membership-changes';
import { ChurchesConsumer } from './churches.consumer';
import { CommunityEvents } from './community-events';

/** Churches and groups as community's events tell them: roles for the curriculum routes, audiences for assignments. */
@Module({
  imports: [MembersModule],
  controllers: [ChurchesConsumer],
  providers: [ChurchDirectory, ChurchMembershipChanges, CommunityEvents],
  exports: [ChurchDirectory, ChurchMembershipChanges],
})
export class ChurchesModule {
  constructor(lifecycle: MemberLifecycle, directory: ChurchDirectory) {
    lifecycle.listen({ forget: (userId) => directory.forgetMember(userId) });
  }
}
