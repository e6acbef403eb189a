import { Controller, Inject } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { topics } from '@abide/contracts';
import { InboxConsumer, OnTopic } from '@abide/messaging';
import { MailSender } from '../delivery/delivery.port';
import { MemberQueries } from '../members/members.port';
import { libraryNotice, libraryNoticeMail } from './library-notices';
import { Notifications } from './notifications.port';

export const LIBRARY_NOTICE_SETTINGS = Symbol('LIBRARY_NOTICE_SETTINGS');

/**
 * Tells an uploader what became of their upload (approved, rejected with the reason, or unreadable): in the bell
 * and by e-mail. The bell entry comes first and is keyed by the event, so a retry after a mail failure only resends the mail.
 */
@Controller()
export class LibraryNoticesConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly notifications: Notifications,
    private readonly members: MemberQueries,
    private readonly mailer: MailSender,
    @Inject(LIBRARY_NOTICE_SETTINGS) private readonly settings: { webBaseUrl: string },
  ) {}

  @OnTopic(topics.libraryResource)
  async onLibraryResource(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    const notify = async (event: Parameters<typeof libraryNotice>[0]) => {
      const notice = libraryNotice(event);
      const member = await this.members.find(notice.userId);
      // Formation forgets a deleted member at once: nothing is kept or sent for them.
      if (!member) return;
      await this.notifications.add(notice);
      if (member.email) await this.mailer.send(member.email, libraryNoticeMail(notice, this.settings.webBaseUrl, member.name));
    };
    await this.inbox.handle(payload, context, 'formation.library-notices', {
      'library.resource.approved': notify,
      'library.resource.rejected': notify,
      'library.resource.processing-failed': notify,
    });
  }
}
