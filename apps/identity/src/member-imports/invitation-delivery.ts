import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { logBullmqErrors, SmsRefused, type SmsSender, watchWorker } from '@abide/platform';
import { type Job, Worker } from 'bullmq';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { churchInvitationMail, churchInvitationText, type InvitationFacts, joinNoticeMail, MailSender } from '../mail/mail.port';
import { SmsPermission } from '../sms/sms.port';
import { invitationLink, joinNoticeLink } from './domain/invitation-token';
import { type DeliveryJob, ImportQueues } from './import-queues';
import { ImportQuotas } from './import-quotas';
import { ImportRecords } from './import-records';
import { MemberImportProjection } from './projections/member-import.projection';

export const INVITATION_SMS_SENDER = Symbol('INVITATION_SMS_SENDER');

/**
 * Sends a batch of invitations (docs/member-imports.md): an e-mail to each, and to new people who gave a number its
 * owner proved and that never replied STOP a text that tells them to look in their e-mail (never the link: only the address proves who they
 * are). A new person's link secret is made here, just before its e-mail, and only its hash is kept: the job's data in
 * Redis holds invitation ids alone. A job's progress records the invitations already sent, so a retry (SMTP or the
 * provider away) sends only the rest; an invitation accepted or withdrawn meanwhile is skipped. Texts count against
 * the church's and the admin's daily allowance; past it the e-mail goes alone.
 */
@Injectable()
export class InvitationDelivery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InvitationDelivery.name);
  private worker?: Worker;

  constructor(
    private readonly queues: ImportQueues,
    private readonly records: ImportRecords,
    private readonly mailer: MailSender,
    private readonly permissions: SmsPermission,
    private readonly views: MemberImportProjection,
    private readonly quotas: ImportQuotas,
    @Inject(INVITATION_SMS_SENDER) private readonly sms: SmsSender,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.JOBS_ENABLED) return;
    this.worker = new Worker<DeliveryJob>(queues.identityInvitationDelivery, (job) => this.run(job), {
      connection: this.queues.workerRedis.client,
      prefix: this.queues.prefix,
      concurrency: 4,
    });
    logBullmqErrors(this.logger, this.worker);
    watchWorker(this.worker);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async run(job: Pick<Job<DeliveryJob>, 'data' | 'progress' | 'updateProgress'>): Promise<{ sent: number; texted: number }> {
    const context = await this.records.context(job.data.importId);
    if (!context) return { sent: 0, texted: 0 };
    const done = new Set(Array.isArray(job.progress) ? (job.progress as string[]) : []);
    let sent = 0;
    let texted = 0;
    for (const item of job.data.items) {
      if (done.has(item.invitationId)) continue;
      const doc = await this.records.invitation(item.invitationId);
      const view = doc && !doc.acceptedAt ? await this.views.find(doc.importId) : null;
      // An undone import's invitations are not sent.
      if (doc && view && view.status !== 'undone') {
        const newPerson = doc.userId === null;
        const token = newPerson ? await this.records.renewSecret(doc._id) : null;
        if (!newPerson || token) {
          const facts: InvitationFacts = {
            name: doc.name,
            church: context.church.name,
            group: doc.groupName,
            link: token ? invitationLink(this.config.WEB_BASE_URL, token) : joinNoticeLink(this.config.WEB_BASE_URL, doc._id),
            expiresAt: new Date(doc.expiresAt),
          };
          await this.mailer.send(doc.email, token ? churchInvitationMail(facts) : joinNoticeMail(facts));
          sent += 1;
          if (newPerson && doc.phone && (await this.mayText(doc.phone, context.church.id, job.data.by ?? view.startedBy))) {
            texted += (await this.text(doc._id, doc.phone, facts)) ? 1 : 0;
          }
        }
      }
      done.add(item.invitationId);
      await job.updateProgress([...done]);
    }
    this.logger.log({ importId: job.data.importId, sent, texted }, 'invitations sent');
    return { sent, texted };
  }

  /** A number the provider refuses for good (opted out there, not a mobile) is left at the e-mail; anything else retries. */
  private async text(invitationId: string, to: string, facts: InvitationFacts): Promise<boolean> {
    try {
      await this.sms.send({ to, text: churchInvitationText(facts), idempotencyKey: `invitation:${invitationId}:${facts.expiresAt.toISOString()}` });
      return true;
    } catch (error) {
      if (!(error instanceof SmsRefused)) throw error;
      this.logger.warn({ invitationId, code: error.code }, 'invitation text refused by the provider');
      return false;
    }
  }

  /**
   * Only to a number its owner proved that did not reply STOP (SmsPermission), and only within the day's texts of the
   * church and the admin who sent it.
   */
  private async mayText(phone: string, churchId: string, by: string | undefined): Promise<boolean> {
    if (!(await this.permissions.mayText(phone))) return false;
    if (by && (await this.quotas.chargeText(churchId, by))) return true;
    this.logger.warn({ churchId }, 'invitation text not sent: the day’s texts are used up');
    return false;
  }
}
