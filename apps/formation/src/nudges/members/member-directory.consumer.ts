import { Controller } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { InboxConsumer, OnTopic } from '@abide/messaging';
import { JournalCommands } from '../../journal/commands/journal-commands';
import { JournalPromptsService } from '../../journal/prompts/journal-prompts.service';
import { NotificationStore } from '../../notifications/notification.store';
import { NudgeService } from '../nudge.service';
import { MemberDirectory } from './member-directory';

/** Learns members' reminder settings from identity; on account deletion forgets their journal, bell and reminders. */
@Controller()
export class MemberDirectoryConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly members: MemberDirectory,
    private readonly journal: JournalCommands,
    private readonly notifications: NotificationStore,
    private readonly prompts: JournalPromptsService,
    private readonly nudges: NudgeService,
  ) {}

  @OnTopic(topics.identityUser)
  async onIdentityUser(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'formation.journal-nudges', {
      'identity.user.registered': (e) => this.members.registered(e),
      'identity.user.onboarding-completed': (e) => this.members.onboarded(e),
      'identity.user.settings-updated': (e) => this.members.settingsUpdated(e),
      'identity.user.profile-updated': (e) => this.members.renamed(e),
      'identity.user.deleted': async (e) => {
        await this.members.deleted(e.data.userId);
        await this.journal.purge(e.data.userId);
        await this.prompts.purge(e.data.userId);
        await this.notifications.purge(e.data.userId);
        await this.nudges.purge(e.data.userId);
      },
    });
  }
}
