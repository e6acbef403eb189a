import { Controller, Inject } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { type EventHandlers, InboxConsumer, OnTopic } from '@abide/messaging';
import { ChurchFacts } from '../churches/churches.port';
import { CLOCK, type Clock } from '../config/clock';
import { MemberQueries } from '../members/members.port';
import { churchInvitationNotice } from './church-invitation-notices';
import { NotificationStore } from './notification.store';

/**
 * Puts a church's join notice in the invited member's bell (identity e-mails it). Like the reminders, it reaches only
 * members who keep "in-app" among their notification channels; a deleted member gets nothing. The inbox drops a
 * redelivered event, and the notice's key an invitation told twice. Old news is left out: an invitation past its
 * expiry cannot be accepted, and a member already in the church has nothing to accept (this consumer reading the
 * topic's history when it first subscribes, or catching up after a long stop, meets both).
 */
@Controller()
export class ChurchInvitationNoticesConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly notifications: NotificationStore,
    private readonly members: MemberQueries,
    private readonly churches: ChurchFacts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  readonly handlers: EventHandlers = {
    'identity.member-import.member-invited': async (event) => {
      const { userId, churchId, expiresAt } = event.data;
      if (new Date(expiresAt) <= this.clock() || (await this.churches.roleOf(userId, churchId))) return;
      const member = await this.members.find(userId);
      if (!member?.channels.includes('in-app')) return;
      const admin = event.data.invitedBy ? await this.members.find(event.data.invitedBy) : null;
      await this.notifications.add(churchInvitationNotice(event, admin?.name ?? null));
    },
  };

  @OnTopic(topics.identityMemberImport)
  async onMemberImport(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'formation.church-invitation-notices', this.handlers);
  }
}
