import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '@abide/auth';
import {
  errorCodes,
  type ImportRow,
  type ImportRowsPage,
  importOutcomeLabels,
  type MemberImport,
  memberImportLimitMessages,
  memberImportMessages,
} from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { v7 as uuidv7 } from 'uuid';
import { Accounts } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { phoneRegionFor } from '../shared/phone-number';
import { ChurchDirectory } from './church-directory';
import { IMPORT_CHUNK_ROWS, noCounts } from './domain/import-chunks';
import { ImportFileRefused, readImportFile } from './domain/import-file';
import { checkRows } from './domain/import-rows';
import { invitationStateOf } from './domain/invitation-state';
import { shownCounts, shownOutcome } from './domain/shown-outcomes';
import { ImportQueues } from './import-queues';
import { ImportQuotas } from './import-quotas';
import { ImportRecords, type ReportRow } from './import-records';
import { ImportStream } from './import-stream.commands';
import type { UploadedList } from './import-upload';
import { MemberImportProjection, type MemberImportView } from './projections/member-import.projection';

type Meta = { correlationId: string };

/**
 * Cells a spreadsheet would run as a formula get a leading quote (CSV injection); a phone number in E.164 starts with
 * + too, but digits alone after it are no formula, and stay as they are.
 */
const FORMULA_START = /^(?:[=\-@\t\r]|\+(?!\d+$))/;

/**
 * The admin's side of bulk onboarding (docs/member-imports.md): start an import from an uploaded list, see where it
 * is, read and download its report, undo it, resend its invitations. Every call first asks community whether the
 * caller is an admin of the import's church.
 */
@Injectable()
export class MemberImports {
  constructor(
    private readonly churches: ChurchDirectory,
    private readonly stream: ImportStream,
    private readonly records: ImportRecords,
    private readonly queues: ImportQueues,
    private readonly quotas: ImportQuotas,
    private readonly views: MemberImportProjection,
    private readonly users: Accounts,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Reads and checks the file, records the start, and queues the job; answers the import as it begins. */
  async start(request: FastifyRequest, caller: AuthUser, churchId: string, upload: UploadedList, meta: Meta): Promise<MemberImport> {
    const by = caller.id;
    const church = await this.churches.forImport(request, churchId);
    await this.assertMayInvite(caller);
    let table;
    try {
      table = await readImportFile(upload.bytes);
    } catch (error) {
      if (!(error instanceof ImportFileRefused)) throw error;
      throw new DomainError(errorCodes.validationFailed, error.status, 'The file cannot be imported', error.message, [{ field: 'file', message: error.message }]);
    }
    const rows = checkRows(table, { groups: church.groups, phoneRegion: phoneRegionFor(church.church.timeZone, this.config.PHONE_DEFAULT_REGION) });
    const importId = uuidv7();
    const charge = await this.quotas.chargeImport(churchId, by, rows.filter((r) => !r.problem).length);
    try {
      await this.queues.saveInput(importId, { rows, memberIds: church.memberIds });
      await this.records.saveContext({ _id: importId, church: church.church, groups: church.groups });
      await this.stream.handle({ type: 'StartImport', importId, churchId, startedBy: by, fileName: upload.fileName, rowCount: rows.length }, meta);
    } catch (error) {
      await this.quotas.giveBack(charge);
      throw error;
    }
    // The view follows the event; the answer is built from what was decided, so it never waits for the projection.
    await this.queues.addImport(importId).catch(() => undefined); // the sweep queues it again if Redis failed here
    const now = new Date();
    return this.toResponse(
      {
        _id: importId,
        churchId,
        startedBy: by,
        fileName: upload.fileName,
        rowCount: rows.length,
        status: 'running',
        counts: null,
        accepted: 0,
        startedAt: now,
        finishedAt: null,
        undoneAt: null,
        failure: null,
        version: 1,
      },
      { processed: 0 },
    );
  }

  async list(request: FastifyRequest, churchId: string): Promise<MemberImport[]> {
    await this.churches.adminsChurch(request, churchId);
    const views = await this.views.ofChurch(churchId);
    return Promise.all(views.map((v) => this.toResponse(v)));
  }

  async get(request: FastifyRequest, importId: string): Promise<MemberImport> {
    const view = await this.viewForAdmin(request, importId);
    return this.toResponse(view);
  }

  async rows(request: FastifyRequest, importId: string, query: { outcome?: ImportRow['outcome']; page: number; pageSize: number }): Promise<ImportRowsPage> {
    const view = await this.viewForAdmin(request, importId);
    const all = await this.reportOf(view);
    const matching = query.outcome ? all.filter((r) => r.outcome === query.outcome) : all;
    const start = (query.page - 1) * query.pageSize;
    return { items: matching.slice(start, start + query.pageSize), total: matching.length, page: query.page, pageSize: query.pageSize };
  }

  /** The report as a CSV file: the file's columns, then what became of each row. */
  async reportCsv(request: FastifyRequest, importId: string): Promise<{ fileName: string; csv: string }> {
    const view = await this.viewForAdmin(request, importId);
    const rows = await this.reportOf(view);
    const csv = Papa.unparse({
      fields: ['row', 'name', 'email', 'phone', 'group', 'outcome', 'reason', 'invitation'],
      data: rows.map((r) => [
        r.row,
        r.name,
        r.email,
        r.phone ?? '',
        r.group ?? '',
        importOutcomeLabels[r.outcome],
        r.reason ?? '',
        r.invitation?.state ?? '',
      ]),
    }, { escapeFormulae: FORMULA_START });
    const base = view.fileName.replace(/\.(csv|xlsx)$/i, '');
    return { fileName: `${base}-report.csv`, csv: `\uFEFF${csv}\r\n` };
  }

  async undo(request: FastifyRequest, by: string, importId: string, meta: Meta): Promise<MemberImport> {
    const view = await this.viewForAdmin(request, importId);
    await this.stream.handle({ type: 'UndoImport', importId, by }, meta);
    return this.toResponse({ ...view, status: 'undone', undoneAt: new Date() });
  }

  /**
   * Sends these rows' invitations again (all unused ones without `rows`): each gets a new link and a new period, and
   * the old link stops working. Accepted invitations, and those of an undone import, are left alone.
   */
  async resend(request: FastifyRequest, caller: AuthUser, importId: string, rows: readonly number[] | undefined): Promise<number> {
    const view = await this.viewForAdmin(request, importId);
    await this.assertMayInvite(caller);
    if (view.status === 'undone') throw DomainError.conflict(memberImportMessages.alreadyUndone);
    if (view.status === 'running') throw DomainError.conflict(memberImportMessages.undoNotFinished.replace('undo', 'resend'));
    const wanted = rows ? new Set(rows) : null;
    const report = (await this.records.report(importId, view.rowCount, IMPORT_CHUNK_ROWS)).filter(
      (r) => r.invitationId && (r.outcome === 'created' || r.outcome === 'invited') && (!wanted || wanted.has(r.row)),
    );
    const docs = [];
    for (const row of report) {
      const doc = await this.records.invitation(row.invitationId!);
      if (doc && !doc.acceptedAt && doc.importId === importId) docs.push(doc);
    }
    if (docs.length === 0) throw DomainError.conflict(memberImportMessages.rowsNotInvited);
    // Counted before anything changes: a refused resend leaves every invitation as it was.
    await this.quotas.chargeResend(view.churchId, caller.id, docs.length);
    const expiresAt = new Date(Date.now() + this.config.INVITATION_TTL_SECONDS * 1000);
    const items: Array<{ invitationId: string }> = [];
    for (const doc of docs) {
      // The older link stops at once; the new one is made when its e-mail is sent.
      const result = await this.records.invitations.updateOne({ _id: doc._id, acceptedAt: null }, { $set: { expiresAt, tokenHash: null }, $inc: { sends: 1 } });
      if (result.matchedCount === 1) items.push({ invitationId: doc._id });
    }
    const batch = uuidv7();
    await this.queues.addDeliveries(
      Array.from({ length: Math.ceil(items.length / 50) }, (_, i) => ({
        id: `${importId}-resend-${batch}-${i}`,
        job: { importId, by: caller.id, items: items.slice(i * 50, (i + 1) * 50) },
      })),
    );
    return items.length;
  }

  /**
   * Invitations go out in the church's name to addresses an admin typed: only from an account whose own address is
   * confirmed and whose session passed two-factor sign-in, so a throwaway account cannot send them.
   */
  private async assertMayInvite(caller: AuthUser): Promise<void> {
    if (caller.aal !== 'aal2') throw new DomainError(errorCodes.twoFactorRequired, 403, 'Two-factor sign-in needed', memberImportLimitMessages.twoFactorRequired);
    const user = await this.users.findById(caller.id);
    if (!user?.emailConfirmed) throw new DomainError(errorCodes.emailNotConfirmed, 403, 'E-mail not confirmed', memberImportLimitMessages.emailNotConfirmed);
  }

  private async viewForAdmin(request: FastifyRequest, importId: string): Promise<MemberImportView> {
    const view = await this.views.find(importId);
    if (!view) throw DomainError.notFound(memberImportMessages.notFound);
    // Someone who is not an admin of its church learns nothing about it, not even that it exists.
    await this.churches.adminsChurch(request, view.churchId).catch((error: unknown) => {
      if (error instanceof DomainError && (error.status === 403 || error.status === 404)) throw DomainError.notFound(memberImportMessages.notFound);
      throw error;
    });
    return view;
  }

  /** The report rows with each invitation's state now (one keyed read per invitation). */
  private async reportOf(view: MemberImportView): Promise<ImportRow[]> {
    const rows: ReportRow[] = await this.records.report(view._id, view.rowCount, IMPORT_CHUNK_ROWS);
    const undone = view.status === 'undone';
    return Promise.all(
      rows.map(async (r): Promise<ImportRow> => {
        const doc = r.invitationId && r.outcome !== 'already-invited' && r.outcome !== 'already-member' ? await this.records.invitation(r.invitationId) : null;
        return {
          row: r.row,
          name: r.name,
          email: r.email,
          phone: r.phone,
          group: r.group,
          outcome: shownOutcome(r.outcome),
          reason: r.reason,
          invitation: doc
            ? { id: doc._id, state: invitationStateOf(doc, undone), expiresAt: new Date(doc.expiresAt).toISOString(), sends: doc.sends }
            : null,
        };
      }),
    );
  }

  private async toResponse(view: MemberImportView, known?: { processed: number }): Promise<MemberImport> {
    const progress = (view.status === 'running' || view.status === 'failed') && !known ? await this.queues.progressOf(view._id) : null;
    const counts = shownCounts(view.counts ?? progress?.counts ?? noCounts());
    const processed = view.status === 'running' ? (known?.processed ?? progress?.processed ?? 0) : view.rowCount;
    const startedBy = await this.users.findById(view.startedBy).catch(() => null);
    return {
      id: view._id,
      churchId: view.churchId,
      fileName: view.fileName,
      status: view.status === 'running' && processed === 0 ? 'queued' : view.status,
      total: view.rowCount,
      processed: view.status === 'failed' ? (progress?.processed ?? 0) : processed,
      counts,
      accepted: view.accepted,
      canUndo: (view.status === 'done' || view.status === 'failed') && view.accepted === 0,
      startedBy: { id: view.startedBy, name: startedBy?.name ?? null },
      startedAt: new Date(view.startedAt).toISOString(),
      finishedAt: view.finishedAt ? new Date(view.finishedAt).toISOString() : null,
      undoneAt: view.undoneAt ? new Date(view.undoneAt).toISOString() : null,
      // A view written before the field had a value has none: the answer always says null.
      failure: view.failure ?? null,
    };
  }
}

