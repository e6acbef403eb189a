import { Controller } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { type EventHandlers, InboxConsumer, OnTopic } from '@abide/messaging';
import { ChurchLogos } from './projections/church-logos';

/** Learns each church's current logo from the library's events (the library keeps the files). */
@Controller()
export class ChurchLogoConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly logos: ChurchLogos,
  ) {}

  readonly handlers: EventHandlers = {
    'library.logo.replaced': (e) => this.logos.replaced(e),
    'library.logo.removed': (e) => this.logos.removed(e),
  };

  @OnTopic(topics.libraryLogo)
  async onLogo(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'community.logos', this.handlers);
  }
}
