import { Controller } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { InboxConsumer, OnTopic } from '@abide/messaging';
import { ActivityEvents } from './activity-events';

/**
 * Subscribes community to identity's and formation's topics; each event is applied once per consumer name. Formation's
 * facts are kept by the source stream's version (MemberActivityStore), so their read models drop a second delivery
 * themselves, with no inbox row; identity's events start commands (a deleted member leaves their groups) and keep it.
 */
const FACTS = { dedupe: 'read-model' } as const;

@Controller()
export class ActivityConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly events: ActivityEvents,
  ) {}

  @OnTopic(topics.identityUser)
  async onIdentityUser(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'community.members', this.events.identity);
  }

  @OnTopic(topics.formationHabit)
  async onHabit(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'community.habits', this.events.habits, FACTS);
  }

  @OnTopic(topics.formationPlan)
  async onPlan(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'community.plans', this.events.plans, FACTS);
  }

  @OnTopic(topics.formationJournal)
  async onJournal(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'community.journal', this.events.journal, FACTS);
  }
}
