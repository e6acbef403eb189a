import { Controller } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { InboxConsumer, OnTopic } from '@abide/messaging';
import { DirectoryEvents } from './directory-events';

/** Learns names and group and church membership from identity's and community's events (never from their databases). */
@Controller()
export class DirectoryConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly events: DirectoryEvents,
  ) {}

  @OnTopic(topics.identityUser)
  async onIdentityUser(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'library.members', this.events.identity);
  }

  @OnTopic(topics.communityGroup)
  async onCommunityGroup(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'library.groups', this.events.community);
  }

  @OnTopic(topics.communityChurch)
  async onCommunityChurch(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'library.churches', this.events.churches);
  }
}
