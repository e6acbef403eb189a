import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { MemberStream } from './commands/member-stream';
import { IdentityEvents } from './identity-events';
import { MembersConsumer } from './members.consumer';

@Module({
  imports: [PlansModule],
  controllers: [MembersConsumer],
  providers: [MemberStream, IdentityEvents],
  exports: [MemberStream, IdentityEvents],
})
export class MembersModule {}
