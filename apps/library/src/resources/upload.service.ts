import { Injectable } from '@nestjs/common';
import { errorCodes, type SubmissionFields, uploadMessages } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { IncomingMessage } from 'node:http';
import { v7 as uuidv7 } from 'uuid';
import { DirectoryQueries } from '../directory/directory.port';
import { type Meta, ResourceCommands } from './commands/resource.commands';
import { checkSubmission, type RawFields, rawFieldsOf, type RuleFailure } from './domain/submission-rules';
import { ObjectStorage, badRequest, UploadChecks } from '../files/files.port';

const refused = (failure: RuleFailure) =>
  new DomainError(errorCodes.validationFailed, 400, failure.title, failure.message, [{ field: failure.field, message: failure.message }]);

/** Uploads, drafts and submission: the submission checks on top of the intake and the resource's commands. */
@Injectable()
export class UploadService {
  constructor(
    private readonly intake: UploadChecks,
    private readonly commands: ResourceCommands,
    private readonly objects: ObjectStorage,
    private readonly directory: DirectoryQueries,
  ) {}

  /** POST /uploads: a new resource, submitted for processing or (draft=true) saved as a draft. Returns its id. */
  async upload(ownerId: string, request: IncomingMessage, meta: Meta): Promise<string> {
    const { fields: parts, file } = await this.intake.receive(request, ownerId);
    if (!file) throw badRequest('file', uploadMessages.noFile.description, uploadMessages.noFile.title);
    try {
      const raw = rawFieldsOf(parts);
      const fields = await this.check(ownerId, raw, { fileName: file.fileName, requireTerms: !raw.draft });
      const resourceId = uuidv7();
      await this.commands.create({ resourceId, ownerId, fields, file, draft: raw.draft }, meta);
      return resourceId;
    } catch (error) {
      // Refused: the file leaves quarantine at once.
      await this.objects.remove('quarantine', file.storageKey).catch(() => undefined);
      throw error;
    }
  }

  /** PATCH /uploads/:id on a draft: only the fields given change (each still has to be valid). */
  async updateDraft(ownerId: string, resourceId: string, changes: Partial<SubmissionFields>, meta: Meta): Promise<void> {
    const state = await this.commands.load(resourceId);
    if (!state.exists || state.deleted || state.ownerId !== ownerId) throw DomainError.notFound('This resource');
    const merged = { ...(state.fields as SubmissionFields), ...changes };
    const fields = await this.check(ownerId, merged, { fileName: state.file?.fileName ?? '', requireTerms: false });
    const changed = Object.fromEntries(Object.keys(changes).map((k) => [k, fields[k as keyof SubmissionFields]])) as Partial<SubmissionFields>;
    await this.commands.updateDraft(ownerId, resourceId, changed, undefined, meta);
  }

  /** POST /uploads/:id/submit: the draft's fields must pass every check now, terms included. */
  async submitDraft(ownerId: string, resourceId: string, termsAccepted: boolean, meta: Meta): Promise<void> {
    const state = await this.commands.load(resourceId);
    if (!state.exists || state.deleted || state.ownerId !== ownerId) throw DomainError.notFound('This resource');
    const fields = await this.check(ownerId, { ...(state.fields as SubmissionFields), termsAccepted }, { fileName: state.file?.fileName ?? '', requireTerms: true });
    await this.commands.submitDraft(ownerId, resourceId, fields, meta);
  }

  private async check(ownerId: string, raw: RawFields, options: { fileName: string; requireTerms: boolean }): Promise<SubmissionFields> {
    const result = checkSubmission(raw, options);
    if (!result.ok) throw refused(result.failure);
    const { groupId } = result.fields;
    if (groupId && !(await this.directory.isMember(groupId, ownerId))) {
      throw refused({ field: 'groupId', title: 'Invalid request', message: uploadMessages.notYourGroup });
    }
    const { churchId } = result.fields;
    if (churchId && !(await this.directory.churchesOf(ownerId)).has(churchId)) {
      throw refused({ field: 'churchId', title: 'Invalid request', message: uploadMessages.notYourChurch });
    }
    return result.fields;
  }
}
