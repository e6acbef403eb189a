import { Controller } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { InboxConsumer, OnTopic } from '@abide/messaging';
import { IdentityEvents } from './identity-events';

/** Learns members from identity's events: preferences, contact, onboarding (the first plan follows) and deletion. */
@Controller()
export class MembersConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly identity: IdentityEvents,
  ) {}

  @OnTopic(topics.identityUser)
  async onIdentityUser(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'formation.members', this.identity.handlers);
  }
}
