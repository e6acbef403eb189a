import { Controller } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { InboxConsumer, OnTopic } from '@abide/messaging';
import { ProfileCommands } from './commands/profile.commands';
import { metaCausedBy } from '@abide/event-store';

/** Learns about members from identity's events (never from identity's database). */
@Controller()
export class ProfilesConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly profiles: ProfileCommands,
  ) {}

  @OnTopic(topics.identityUser)
  async onIdentityUser(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'formation.profiles', {
      'identity.user.registered': (e) => this.profiles.create({ userId: e.data.userId, displayName: e.data.name }, metaCausedBy(e)),
      'identity.user.profile-updated': (e) => this.profiles.rename({ userId: e.data.userId, displayName: e.data.name }, metaCausedBy(e)),
      'identity.user.onboarding-completed': (e) =>
        this.profiles.rename({ userId: e.data.userId, displayName: e.data.name }, metaCausedBy(e)),
      'identity.user.deleted': (e) => this.profiles.purge(e.data.userId),
    });
  }
}
