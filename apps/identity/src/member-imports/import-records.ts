import { Inject, Injectable } from '@nestjs/common';
import { isDuplicateKeyError, MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';
import { newInvitationSecret } from './domain/invitation-token';
import type { RowOutcome } from './domain/shown-outcomes';

/** The church as community told it when the file was uploaded: the invitations and their e-mails show it. */
export interface ImportChurch {
  id: string;
  name: string;
  slug: string;
  primaryColor: string;
  logoUrl: string | null;
  timeZone: string;
}

/** What an import needs of its church beyond the events (`member_import_contexts`, keyed by the import). */
export interface ImportContextDoc {
  _id: string;
  church: ImportChurch;
  /** The church's groups by id (the name a row's group was matched to). */
  groups: Array<{ id: string; name: string }>;
}

/** One row of the report as the job decided it; the invitation's state is read when the report is. */
export interface ReportRow {
  row: number;
  name: string;
  email: string;
  phone: string | null;
  group: string | null;
  outcome: RowOutcome;
  reason: string | null;
  invitationId: string | null;
}

/** A chunk of the report (`member_import_rows`, `_id` = `{importId}:{chunk}`), written once when the chunk is done. */
interface ReportChunkDoc {
  _id: string;
  rows: string;
}

/**
 * Who a church has invited, keyed by church and address (`church_invitees`, `_id` = `{churchId}:{email}`): the claim
 * that makes a re-import change nothing. Inserted before the invitation; the unique `_id` decides a race.
 */
export interface InviteeDoc {
  _id: string;
  importId: string;
  invitationId: string;
  outcome: 'created' | 'invited';
  createdAt: Date;
}

/**
 * A personal invitation (`invitations`, keyed by its id). New people's carry the SHA-256 of their link's secret, set
 * when its e-mail is sent (the link itself is only in the e-mail); account holders' have none: they accept signed in.
 */
export interface InvitationDoc {
  _id: string;
  importId: string;
  churchId: string;
  email: string;
  name: string;
  phone: string | null;
  groupId: string | null;
  groupName: string | null;
  /** The account the address had at the import (a join notice), or null (a new person). */
  userId: string | null;
  tokenHash: string | null;
  expiresAt: Date;
  /** 1, and one more per resend (each resend replaces the link). */
  sends: number;
  acceptedAt: Date | null;
  acceptedBy: string | null;
  createdAt: Date;
}

/**
 * Where an address appears in imports (`import_addresses`, `_id` = the address): each import and chunk of the report
 * that names it, and its invitation there. Account deletion and "Download my data" find a person's rows by key.
 */
export interface ImportAddressDoc {
  _id: string;
  entries: Array<{ importId: string; chunk: number; invitationId: string | null }>;
}

/** What "Download my data" shows of the imports that named the member's address. */
export interface ImportedAs {
  importId: string;
  churchId: string;
  churchName: string;
  row: ReportRow | null;
  invitation: { state: 'accepted' | 'open'; expiresAt: string; sends: number; acceptedAt: string | null } | null;
}

export const inviteeKey = (churchId: string, email: string): string => `${churchId}:${email}`;
export const reportChunkKey = (importId: string, chunk: number): string => `${importId}:${chunk}`;

const loose = <T>(collection: string, fields: Record<string, unknown>) =>
  new Schema<T>({ _id: { type: String, required: true }, ...fields }, { collection, versionKey: false, strict: false });

/** The documents of member imports besides their events, each read and written by key. */
@Injectable()
export class ImportRecords {
  readonly contexts: Model<ImportContextDoc>;
  readonly chunks: Model<ReportChunkDoc>;
  readonly invitees: Model<InviteeDoc>;
  readonly invitations: Model<InvitationDoc>;
  readonly addresses: Model<ImportAddressDoc>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    const model = <T>(name: string, collection: string, fields: Record<string, unknown> = {}) =>
      (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, loose<T>(collection, fields));
    this.contexts = model<ImportContextDoc>('MemberImportContext', 'member_import_contexts');
    this.chunks = model<ReportChunkDoc>('MemberImportRows', 'member_import_rows');
    this.invitees = model<InviteeDoc>('ChurchInvitee', 'church_invitees');
    this.invitations = model<InvitationDoc>('Invitation', 'invitations');
    this.addresses = model<ImportAddressDoc>('ImportAddress', 'import_addresses');
  }

  /** Records which addresses a report chunk names (one write per address; a retried chunk adds nothing twice). */
  async indexAddresses(importId: string, chunk: number, rows: readonly ReportRow[]): Promise<void> {
    const named = rows.filter((r) => r.email.includes('@'));
    if (named.length === 0) return;
    await this.addresses.bulkWrite(
      named.map((r) => ({
        updateOne: {
          filter: { _id: r.email },
          update: { $addToSet: { entries: { importId, chunk, invitationId: r.invitationId } } },
          upsert: true,
        },
      })) as never,
      { ordered: false },
    );
  }

  /** Every import row and invitation naming this address, for the member's own export. */
  async importedAs(email: string): Promise<ImportedAs[]> {
    const entry = await this.addresses.findById(email.trim().toLowerCase()).lean<ImportAddressDoc>();
    const out: ImportedAs[] = [];
    for (const { importId, chunk, invitationId } of entry?.entries ?? []) {
      const [context, rows, invitation] = await Promise.all([
        this.context(importId),
        this.chunks.findById(reportChunkKey(importId, chunk)).lean<ReportChunkDoc>(),
        invitationId ? this.invitation(invitationId) : null,
      ]);
      const row = rows ? ((JSON.parse(rows.rows) as ReportRow[]).find((r) => r.email === entry!._id) ?? null) : null;
      out.push({
        importId,
        churchId: context?.church.id ?? '',
        churchName: context?.church.name ?? '',
        row,
        invitation: invitation
          ? {
              state: invitation.acceptedAt ? 'accepted' : 'open',
              expiresAt: new Date(invitation.expiresAt).toISOString(),
              sends: invitation.sends,
              acceptedAt: invitation.acceptedAt ? new Date(invitation.acceptedAt).toISOString() : null,
            }
          : null,
      });
    }
    return out;
  }

  /**
   * Forgets an address (its owner deleted their account): its invitations and claims go, and every report row that
   * named it keeps only its row number and outcome. Idempotent.
   */
  async forgetAddress(email: string): Promise<number> {
    const address = email.trim().toLowerCase();
    const entry = await this.addresses.findById(address).lean<ImportAddressDoc>();
    if (!entry) return 0;
    for (const { importId, chunk, invitationId } of entry.entries) {
      const doc = await this.chunks.findById(reportChunkKey(importId, chunk)).lean<ReportChunkDoc>();
      if (doc) {
        const rows = (JSON.parse(doc.rows) as ReportRow[]).map((r) =>
          r.email === address ? { ...r, name: 'Deleted account', email: '', phone: null, reason: r.outcome === 'refused' ? r.reason && 'Erased with the account.' : r.reason } : r,
        );
        await this.saveChunk(importId, chunk, rows);
      }
      if (invitationId) await this.invitations.deleteOne({ _id: invitationId });
      const context = await this.context(importId);
      if (context) await this.invitees.deleteOne({ _id: inviteeKey(context.church.id, address) });
    }
    await this.addresses.deleteOne({ _id: address });
    return entry.entries.length;
  }

  async saveContext(doc: ImportContextDoc): Promise<void> {
    await this.contexts.collection.insertOne(doc as never);
  }

  context(importId: string): Promise<ImportContextDoc | null> {
    return this.contexts.findById(importId).lean<ImportContextDoc>();
  }

  /** A chunk of the report, written whole (again, identically, by a retried job). */
  async saveChunk(importId: string, chunk: number, rows: readonly ReportRow[]): Promise<void> {
    await this.chunks.updateOne({ _id: reportChunkKey(importId, chunk) }, { $set: { rows: JSON.stringify(rows) } }, { upsert: true });
  }

  async chunkDone(importId: string, chunk: number): Promise<boolean> {
    return (await this.chunks.exists({ _id: reportChunkKey(importId, chunk) })) !== null;
  }

  /** The whole report in row order: one keyed read per chunk (at most 20 for 5,000 rows). */
  async report(importId: string, rowCount: number, chunkSize: number): Promise<ReportRow[]> {
    const chunks = Math.ceil(rowCount / chunkSize);
    const docs = await Promise.all(Array.from({ length: chunks }, (_, i) => this.chunks.findById(reportChunkKey(importId, i)).lean<ReportChunkDoc>()));
    return docs.flatMap((doc) => (doc ? (JSON.parse(doc.rows) as ReportRow[]) : []));
  }

  /**
   * Claims these invitees for an import: inserted together, unordered; returns the keys another import held already
   * (a duplicate `_id`), which are left as they were.
   */
  async claimInvitees(docs: readonly InviteeDoc[]): Promise<Set<string>> {
    return this.insertKeepingExisting(this.invitees, docs);
  }

  /** Hands an invitee of an undone import to this one (only while it is still that import's: a race has one winner). */
  async takeOverInvitee(doc: InviteeDoc, fromImportId: string): Promise<boolean> {
    const { _id, ...fields } = doc;
    const result = await this.invitees.updateOne({ _id, importId: fromImportId }, { $set: fields });
    return result.modifiedCount === 1;
  }

  invitee(key: string): Promise<InviteeDoc | null> {
    return this.invitees.findById(key).lean<InviteeDoc>();
  }

  /** Inserts invitations together; returns the ids that were there already (a retried chunk). */
  async insertInvitations(docs: readonly InvitationDoc[]): Promise<Set<string>> {
    return this.insertKeepingExisting(this.invitations, docs);
  }

  /**
   * A new secret for a new person's invitation, just before its e-mail is sent: only its hash is stored, and the
   * link before it stops working. Null when the invitation was accepted (or erased) meanwhile.
   */
  async renewSecret(invitationId: string): Promise<string | null> {
    const { token, tokenHash } = newInvitationSecret(invitationId);
    const result = await this.invitations.updateOne({ _id: invitationId, acceptedAt: null, userId: null }, { $set: { tokenHash } });
    return result.matchedCount === 1 ? token : null;
  }

  invitation(id: string): Promise<InvitationDoc | null> {
    return this.invitations.findById(id).lean<InvitationDoc>();
  }

  private async insertKeepingExisting<T extends { _id: string }>(model: Model<T>, docs: readonly T[]): Promise<Set<string>> {
    if (docs.length === 0) return new Set();
    try {
      await model.collection.insertMany(docs as never[], { ordered: false });
      return new Set();
    } catch (error) {
      type WriteError = { index: number; code?: number; err?: { code?: number } };
      const reported = (error as { writeErrors?: WriteError | WriteError[] }).writeErrors;
      // The driver reports one failure as an object, several as a list.
      const failures = reported === undefined ? undefined : ([] as WriteError[]).concat(reported);
      if (!failures) {
        if (isDuplicateKeyError(error) && docs.length === 1) return new Set([docs[0]._id]);
        throw error;
      }
      const existing = new Set<string>();
      for (const failure of failures) {
        const code = failure.code ?? failure.err?.code;
        if (code !== 11000) throw error;
        existing.add(docs[failure.index]._id);
      }
      return existing;
    }
  }
}
