import { Controller } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import type { EventType } from '@abide/contracts';
import { type Dedupe, InboxConsumer, OnTopic } from '@abide/messaging';
import { DirectoryEvents, versionKeptTypes } from './directory-events';

/**
 * Membership facts are kept with their stream's version by member and group (or church), so a second delivery changes
 * nothing and needs no inbox row (two round trips less for each join or leave); names are not versioned and keep it.
 */
const MEMBERSHIP: { dedupe: (type: EventType) => Dedupe } = {
  dedupe: (type) => (versionKeptTypes.has(type) ? 'read-model' : 'inbox'),
};

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
    await this.inbox.handle(payload, context, 'library.groups', this.events.community, MEMBERSHIP);
  }

  @OnTopic(topics.communityChurch)
  async onCommunityChurch(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'library.churches', this.events.churches, MEMBERSHIP);
  }
}
