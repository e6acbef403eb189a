import { Controller } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { InboxConsumer, OnTopic } from '@abide/messaging';
import { CommunityEvents } from './community-events';

/** Learns churches, groups and who belongs to them from community's events (never from its database). */
@Controller()
export class ChurchesConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly events: CommunityEvents,
  ) {}

  @OnTopic(topics.communityChurch)
  async onCommunityChurch(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'formation.churches', this.events.churches);
  }

  @OnTopic(topics.communityGroup)
  async onCommunityGroup(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'formation.groups', this.events.groups);
  }
}
