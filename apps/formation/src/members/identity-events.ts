import { Injectable, Logger } from '@nestjs/common';
import { EventStore, metaCausedBy, ProjectionRunner } from '@abide/event-store';
import type { EventHandlers } from '@abide/messaging';
import { MemberStream } from './commands/member-stream.commands';
import { MEMBER_PERSONAL_FIELDS } from './domain/member.decider';
import { type CommandMeta, MemberLifecycleListeners } from './member-lifecycle';

/** What formation does with each identity event (kept apart from the Kafka wiring so tests can feed it). */
@Injectable()
export class IdentityEvents {
  private readonly logger = new Logger(IdentityEvents.name);

  constructor(
    private readonly members: MemberStream,
    private readonly lifecycle: MemberLifecycleListeners,
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
  ) {}

  readonly handlers: EventHandlers = {
    'identity.user.registered': async (e) => {
      const { userId, name, email } = e.data;
      await this.members.handle({ type: 'RegisterMember', userId, joinedAt: e.data.registeredAt, name, email }, metaCausedBy(e));
    },
    'identity.user.onboarding-completed': async (e) => {
      const { userId } = e.data;
      await this.members.handle(
        {
          type: 'CompleteOnboarding',
          userId,
          joinedAt: e.data.completedAt,
          name: e.data.name,
          onboarding: {
            userId,
            spiritualGoals: e.data.spiritualGoals,
            connectionPreferences: e.data.connectionPreferences,
            reminderFrequency: e.data.reminderFrequency,
            phoneNumber: e.data.phoneNumber,
            timeZone: e.data.timeZone,
          },
        },
        metaCausedBy(e),
      );
      if ((await this.members.load(userId)).deleted) return;
      // The week of the onboarding in the member's zone; a second delivery finds the plan there and does nothing.
      await this.lifecycle.onboarded(userId, new Date(e.data.completedAt), metaCausedBy(e));
    },
    'identity.user.settings-updated': async (e) => {
      await this.members.handle({ type: 'ChangeMemberSettings', ...e.data }, metaCausedBy(e));
    },
    'identity.user.profile-updated': async (e) => {
      await this.members.handle({ type: 'ChangeMemberContact', userId: e.data.userId, name: e.data.name }, metaCausedBy(e));
    },
    'identity.user.sms-opted-in': async (e) => {
      await this.members.handle({ type: 'OptInToSms', ...e.data }, metaCausedBy(e));
    },
    'identity.user.sms-opted-out': async (e) => {
      await this.members.handle({ type: 'OptOutOfSms', ...e.data }, metaCausedBy(e));
    },
    'identity.user.deleted': async (e) => this.forget(e.data.userId, e.data.deletedAt, metaCausedBy(e)),
  };

  /**
   * Account deletion: the member's stream is closed, every read model and feature forgets them, the log keeps no
   * personal field. Each step is idempotent, so a redelivery finishes what a crash interrupted.
   */
  async forget(userId: string, deletedAt: string, meta: CommandMeta): Promise<void> {
    await this.members.handle({ type: 'DeleteMember', userId, deletedAt }, meta);
    await this.projections.purgeSubject(userId);
    const erased = await this.eventStore.eraseSubjectData(userId, [...MEMBER_PERSONAL_FIELDS, ...this.lifecycle.personalFields()]);
    await this.lifecycle.forget(userId);
    this.logger.log(`Purged member ${userId} (${erased} personal field(s) erased from the log)`);
  }
}
