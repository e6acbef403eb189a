import { errorCodes, IMPORT_MAX_BYTES, memberImportMessages } from '@abide/contracts';
import { collectBytes, DomainError, type MultipartFailure, readMultipart } from '@abide/platform';
import type { IncomingMessage } from 'node:http';

/** The one `file` part of an upload, with the name the admin's computer gave it. */
export interface UploadedList {
  fileName: string;
  bytes: Buffer;
}

const refused = (message: string, status = 400) =>
  new DomainError(status === 413 ? errorCodes.payloadTooLarge : errorCodes.validationFailed, status, 'The file cannot be imported', message, [
    { field: 'file', message },
  ]);

const refusals: Record<MultipartFailure, () => DomainError> = {
  'not-multipart': () => refused('Send the file as multipart/form-data, in a part named file.', 415),
  malformed: () => refused(memberImportMessages.fileMissing),
  unreadable: () => refused(memberImportMessages.interrupted),
  interrupted: () => refused(memberImportMessages.interrupted),
};

/** A name as the report shows it: the last path segment, printable, at most 200 characters. */
const cleanName = (name: string | undefined): string => {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return printable.slice(0, 200) || 'members';
};

/**
 * Reads the `file` part of a member-list upload into memory, cut one byte past IMPORT_MAX_BYTES so "over the limit"
 * is told from "exactly at it" (413). A list is small; it is read whole before anything is written.
 */
export const readUploadedList = async (request: IncomingMessage): Promise<UploadedList> => {
  const { file } = await readMultipart(request, {
    fileField: 'file',
    limits: { fields: 5, parts: 6, files: 1, fileSize: IMPORT_MAX_BYTES + 1 },
    receiveFile: async (stream, fileName) => ({ fileName: cleanName(fileName), bytes: await collectBytes(stream) }),
    refuse: (failure) => refusals[failure](),
  });
  if (!file) throw refused(memberImportMessages.fileMissing);
  if (file.bytes.length > IMPORT_MAX_BYTES) throw refused(memberImportMessages.fileTooLarge, 413);
  return file;
};
