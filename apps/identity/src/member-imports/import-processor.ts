import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { LiveSignals } from '@abide/messaging';
import { logBullmqErrors, watchWorker } from '@abide/platform';
import { type Job, Worker } from 'bullmq';
import { v7 as uuidv7 } from 'uuid';
import { Accounts } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { addCounts, chunksOf, DELIVERY_BATCH, IMPORT_CHUNK_ROWS, mapConcurrently, noCounts } from './domain/import-chunks';
import type { CheckedRow } from './domain/import-rows';
import type { AccountHolderInvited } from './domain/member-import.decider';
import { type DeliveryJob, type ImportProgress, importJobOptions, ImportQueues } from './import-queues';
import { type ImportContextDoc, ImportRecords, type InvitationDoc, type InviteeDoc, inviteeKey, type ReportRow } from './import-records';
import { ImportStream } from './import-stream.commands';
import { MemberImportProjection } from './projections/member-import.projection';

/** How many addresses are looked up at once (keyed reads; FerretDB serves a few in parallel). */
const LOOKUPS_AT_ONCE = 16;
/** How often imports whose job was lost (Redis restarted empty, an enqueue that failed) are looked for. */
const SWEEP_EVERY_MS = 60_000;

export const IMPORT_GAVE_UP = 'The import stopped after several attempts. Undo it and upload the file again, or ask an operator to retry it.';
const ROWS_LOST = 'The uploaded list is no longer available (it waits a week at most). Upload the file again.';

/**
 * Processes an uploaded member list in chunks (docs/member-imports.md): refused rows are reported as
 * they are; each other row's address is looked up by key (an account or not), members are recognised, every invitee
 * is claimed by church and address (so a re-import changes nothing), invitations are inserted together and their
 * mails queued in batches (sent apart from the import's progress), account holders' join notices are recorded as
 * events, and the chunk's report is written last. Progress is the job's (rows done, chunks done, counts so far), so a
 * retry resumes after the last chunk done; a chunk begun and not finished is done again without sending twice.
 */
@Injectable()
export class ImportProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportProcessor.name);
  private worker?: Worker;
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly queues: ImportQueues,
    private readonly records: ImportRecords,
    private readonly stream: ImportStream,
    private readonly views: MemberImportProjection,
    private readonly emails: Accounts,
    private readonly live: LiveSignals,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.JOBS_ENABLED) return;
    // sweep() catches and logs its own failures; the catch here only keeps a surprise from escaping.
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_EVERY_MS);
    this.sweeper.unref();
    this.queues.enqueueRedis.onReconnect(async () => {
      await this.sweep();
    });
    this.worker = new Worker<{ importId: string }>(queues.identityMemberImport, (job) => this.run(job), {
      connection: this.queues.workerRedis.client,
      prefix: this.queues.prefix,
      concurrency: 1,
    });
    logBullmqErrors(this.logger, this.worker);
    watchWorker(this.worker);
    this.worker.on('failed', (job, error) => {
      this.logger.warn({ importId: job?.data.importId, err: error.message, attempt: job?.attemptsMade }, 'member import attempt failed');
      // After the last attempt the admin sees it failed instead of a bar that never moves.
      if (job && job.attemptsMade >= (importJobOptions.attempts ?? 1)) void this.fail(job.data.importId, IMPORT_GAVE_UP).catch(() => undefined);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await this.worker?.close();
  }

  /**
   * Imports still running without a job (the enqueue failed, or Redis lost it) are queued again; the job is idempotent.
   * Every instance sweeps: the job's id is the import's, so instances adding it at once make one job.
   */
  async sweep(): Promise<number> {
    try {
      let queued = 0;
      for (const view of await this.views.running()) {
        if (Date.now() - new Date(view.startedAt).getTime() < SWEEP_EVERY_MS) continue;
        if ((await this.queues.imports.getJob(view._id)) !== undefined) continue;
        await this.queues.addImport(view._id);
        queued += 1;
      }
      if (queued) this.logger.log(`Queued ${queued} member import(s) again that had no job`);
      return queued;
    } catch (error) {
      this.logger.debug(`sweep failed: ${(error as Error).message}`);
      return 0;
    }
  }

  /** The job: every chunk not yet done, then the completion. */
  async run(job: Pick<Job<{ importId: string }>, 'data' | 'progress' | 'updateProgress'>): Promise<void> {
    const { importId } = job.data;
    const meta = { correlationId: uuidv7() };
    const { state } = await this.stream.load(importId);
    if (!state.exists || state.status !== 'running') return;
    const [context, input] = await Promise.all([this.records.context(importId), this.queues.input(importId)]);
    if (!context || !input) {
      await this.fail(importId, ROWS_LOST);
      return;
    }
    const started = Date.now();
    const resumed = typeof job.progress === 'object' ? (job.progress as ImportProgress) : null;
    let progress: ImportProgress = resumed ?? { processed: 0, chunks: 0, counts: noCounts() };
    const members = new Set(input.memberIds);
    const chunks = chunksOf(input.rows, IMPORT_CHUNK_ROWS);
    const timings = { lookups: 0, claims: 0, invitations: 0, notices: 0, report: 0 };
    for (let chunk = progress.chunks; chunk < chunks.length; chunk++) {
      const report = await this.processChunk(importId, state.startedBy, chunk, chunks[chunk], context, members, timings);
      progress = { processed: progress.processed + report.length, chunks: chunk + 1, counts: addCounts(progress.counts, report) };
      await job.updateProgress(progress);
      this.live.tell({ members: [state.startedBy] }, { kind: 'member-import', importId }, meta.correlationId);
    }
    await this.stream.handle({ type: 'CompleteImport', importId, counts: progress.counts }, meta);
    await this.queues.forgetRows(importId);
    this.live.tell({ members: [state.startedBy] }, { kind: 'member-import', importId }, meta.correlationId);
    this.logger.log({ importId, rows: input.rows.length, ms: Date.now() - started, ...timings, counts: progress.counts }, 'member import done');
  }

  private async processChunk(
    importId: string,
    startedBy: string,
    chunk: number,
    rows: readonly CheckedRow[],
    context: ImportContextDoc,
    members: ReadonlySet<string>,
    timings: Record<'lookups' | 'claims' | 'invitations' | 'notices' | 'report', number>,
  ): Promise<ReportRow[]> {
    const churchId = context.church.id;
    const report = new Map<number, ReportRow>();
    const put = (row: CheckedRow, outcome: ReportRow['outcome'], reason: string | null, invitationId: string | null = null) =>
      report.set(row.row, { row: row.row, name: row.name, email: row.email, phone: row.phone, group: row.group, outcome, reason, invitationId });

    let t = Date.now();
    const usable = rows.filter((row) => (row.problem ? (put(row, 'refused', row.problem), false) : true));
    const owners = await mapConcurrently(usable, LOOKUPS_AT_ONCE, (row) => this.emails.ownerOfEmail(row.email));
    timings.lookups += Date.now() - t;

    // Each remaining row is claimed for this import by church and address, with its invitation's id and kind.
    t = Date.now();
    const claims: Array<{ row: CheckedRow; key: InviteeDoc; userId: string | null }> = [];
    usable.forEach((row, i) => {
      const userId = owners[i];
      if (userId && members.has(userId)) return put(row, 'already-member', null);
      const key: InviteeDoc = {
        _id: inviteeKey(churchId, row.email),
        importId,
        invitationId: uuidv7(),
        outcome: userId ? 'invited' : 'created',
        createdAt: new Date(),
      };
      claims.push({ row, key, userId });
    });
    const held = await this.records.claimInvitees(claims.map((c) => c.key));
    const ours: typeof claims = [];
    const importStatus = new Map<string, string | undefined>();
    for (const claim of claims) {
      if (!held.has(claim.key._id)) {
        ours.push(claim);
        continue;
      }
      const existing = await this.records.invitee(claim.key._id);
      if (!existing) continue;
      if (existing.importId === importId) {
        // This import claimed it in an attempt that stopped: the same invitation, the same outcome.
        ours.push({ ...claim, key: existing });
        continue;
      }
      if (!importStatus.has(existing.importId)) importStatus.set(existing.importId, (await this.views.find(existing.importId))?.status);
      if (importStatus.get(existing.importId) === 'undone' && (await this.records.takeOverInvitee(claim.key, existing.importId))) {
        ours.push(claim);
        continue;
      }
      put(claim.row, 'already-invited', null, existing.invitationId);
    }
    timings.claims += Date.now() - t;

    // Invitations and their delivery batches (ids only: each link's secret is made when its mail is sent).
    t = Date.now();
    const expiresAt = new Date(Date.now() + this.config.INVITATION_TTL_SECONDS * 1000);
    const notices: AccountHolderInvited[] = [];
    const batches: Array<{ id: string; job: DeliveryJob }> = [];
    for (const [index, batch] of chunksOf(ours, DELIVERY_BATCH).entries()) {
      const id = `${importId}-c${chunk}-b${index}`;
      for (const { row, key, userId } of batch) {
        put(row, key.outcome, null, key.invitationId);
        if (key.outcome === 'invited' && userId) {
          notices.push({ invitationId: key.invitationId, userId, churchName: context.church.name, expiresAt: expiresAt.toISOString() });
        }
      }
      if (await this.queues.deliveryQueued(id)) continue;
      const docs: InvitationDoc[] = batch.map(({ row, key, userId }) => ({
        _id: key.invitationId,
        importId,
        churchId,
        email: row.email,
        name: row.name,
        phone: row.phone,
        groupId: row.groupId,
        groupName: row.groupId ? row.group : null,
        userId,
        tokenHash: null,
        expiresAt,
        sends: 1,
        acceptedAt: null,
        acceptedBy: null,
        createdAt: new Date(),
      }));
      // Inserted already by an attempt that stopped before queueing their mails: they are sent now all the same.
      await this.records.insertInvitations(docs);
      batches.push({ id, job: { importId, by: startedBy, items: docs.map((d) => ({ invitationId: d._id })) } });
    }
    await this.queues.addDeliveries(batches);
    timings.invitations += Date.now() - t;

    t = Date.now();
    if (notices.length) await this.stream.handle({ type: 'RecordNotices', importId, invited: notices }, { correlationId: uuidv7() });
    timings.notices += Date.now() - t;

    t = Date.now();
    const chunkReport = [...report.values()].sort((a, b) => a.row - b.row);
    await this.records.indexAddresses(importId, chunk, chunkReport);
    await this.records.saveChunk(importId, chunk, chunkReport);
    timings.report += Date.now() - t;
    return chunkReport;
  }

  private async fail(importId: string, reason: string): Promise<void> {
    const result = await this.stream.handle({ type: 'FailImport', importId, reason }, { correlationId: uuidv7() });
    const startedBy = (await this.stream.load(importId)).state.startedBy;
    if (result.length && startedBy) this.live.tell({ members: [startedBy] }, { kind: 'member-import', importId });
  }
}
