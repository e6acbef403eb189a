import { Injectable, Logger } from '@nestjs/common';
import { EventStore, ProjectionRunner } from '@abide/event-store';
import type { EventHandlers } from '@abide/messaging';
import { HABIT_PERSONAL_FIELDS } from '../habits/domain/habit.decider';
import { PlanCommands } from '../plans/commands/plan-commands';
import { MemberStream } from './commands/member-stream';
import { decideChangeSettings, decideDelete, decideJoin, decideOnboard, MEMBER_PERSONAL_FIELDS } from './domain/member.decider';

/** Every field formation erases from its log when a member deletes their account. */
export const FORMATION_PERSONAL_FIELDS = [...MEMBER_PERSONAL_FIELDS, ...HABIT_PERSONAL_FIELDS];

/** What formation does with each identity event (kept apart from the Kafka wiring so tests can feed it). */
@Injectable()
export class IdentityEvents {
  private readonly logger = new Logger(IdentityEvents.name);

  constructor(
    private readonly members: MemberStream,
    private readonly plans: PlanCommands,
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
  ) {}

  readonly handlers: EventHandlers = {
    'identity.user.registered': async (e) => {
      await this.members.execute(e.data.userId, (s) => decideJoin(s, { userId: e.data.userId, joinedAt: e.data.registeredAt }), this.meta(e));
    },
    'identity.user.onboarding-completed': async (e) => {
      const { userId } = e.data;
      await this.members.execute(
        userId,
        (s) => [
          ...decideJoin(s, { userId, joinedAt: e.data.completedAt }),
          ...decideOnboard(s, {
            userId,
            spiritualGoals: e.data.spiritualGoals,
            connectionPreferences: e.data.connectionPreferences,
            reminderFrequency: e.data.reminderFrequency,
            phoneNumber: e.data.phoneNumber,
            timeZone: e.data.timeZone,
          }),
        ],
        this.meta(e),
      );
      if ((await this.members.load(userId)).deleted) return;
      // The week of the onboarding in the member's zone; a second delivery finds the plan there and does nothing.
      await this.plans.generate(userId, { reason: 'onboarding', now: new Date(e.data.completedAt), meta: this.meta(e) });
    },
    'identity.user.settings-updated': async (e) => {
      await this.members.execute(e.data.userId, (s) => decideChangeSettings(s, e.data), this.meta(e));
    },
    'identity.user.deleted': async (e) => this.forget(e.data.userId, e.data.deletedAt, this.meta(e)),
  };

  /** Account deletion: the member's stream is closed, every read model forgets them, the log keeps no personal field. */
  async forget(userId: string, deletedAt: string, meta: { correlationId: string; causationId?: string | null }): Promise<void> {
    await this.members.execute(userId, (s) => decideDelete(s, { userId, deletedAt }), meta);
    await this.projections.purgeSubject(userId);
    const erased = await this.eventStore.eraseSubjectData(userId, FORMATION_PERSONAL_FIELDS);
    this.logger.log(`Purged member ${userId} (${erased} personal field(s) erased from the log)`);
  }

  private meta(e: { id: string; correlationId: string }) {
    return { correlationId: e.correlationId, causationId: e.id };
  }
}
