import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { InboxConsumer } from '@abide/messaging';
import { CreateProfileHandler } from './commands/create-profile.handler';

/** Learns about new members from identity's events (never from identity's database). */
@Controller()
export class ProfilesConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly createProfile: CreateProfileHandler,
  ) {}

  @EventPattern(topics.identityUser)
  async onIdentityUser(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'formation.profiles', {
      'identity.user.registered': (event) =>
        this.createProfile.execute({ userId: event.data.userId, displayName: event.data.name }, event.correlationId, event.id),
    });
  }
}
