import { Controller } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { metaCausedBy } from '@abide/event-store';
import { type EventHandlers, InboxConsumer, OnTopic } from '@abide/messaging';
import { GroupActions } from '../groups/groups.port';
import { ChurchCommands } from './commands/church.commands';

/**
 * Bulk onboarding (docs/member-imports.md): identity decides that an invitation was accepted; the person joins the
 * church here, and the group the import's row named if it is still that church's (a private one asks its leaders).
 * Both commands do nothing the second time.
 */
@Controller()
export class InvitationJoinsConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly churches: ChurchCommands,
    private readonly groups: GroupActions,
  ) {}

  readonly handlers: EventHandlers = {
    'identity.member-import.invitation-accepted': async (e) => {
      const at = new Date(e.data.acceptedAt);
      await this.churches.joinByInvitation(e.data.userId, e.data.churchId, at, metaCausedBy(e));
      if (e.data.groupId) await this.groups.joinByInvitation(e.data.userId, e.data.groupId, e.data.churchId, at, metaCausedBy(e));
    },
  };

  @OnTopic(topics.identityMemberImport)
  async onImport(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.handle(payload, context, 'community.invitations', this.handlers);
  }
}
