import { errorCodes, IMPORT_MAX_BYTES, memberImportMessages } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
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
export const readUploadedList = (request: IncomingMessage): Promise<UploadedList> => {
  if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) {
    return Promise.reject(refused('Send the file as multipart/form-data, in a part named file.', 415));
  }
  return new Promise<UploadedList>((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      const headers = { ...request.headers, 'content-type': request.headers['content-type'] ?? '' };
      parser = new Busboy({ headers, limits: { fields: 5, parts: 6, files: 1, fileSize: IMPORT_MAX_BYTES + 1 } });
    } catch {
      return reject(refused(memberImportMessages.fileMissing));
    }
    let file: Promise<UploadedList> | undefined;
    parser.on('file', (name, stream, fileName) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      file = new Promise<UploadedList>((done, fail) => {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          chunks.push(chunk);
        });
        stream.on('end', () =>
          size > IMPORT_MAX_BYTES ? fail(refused(memberImportMessages.fileTooLarge, 413)) : done({ fileName: cleanName(fileName), bytes: Buffer.concat(chunks) }),
        );
        stream.on('error', () => fail(refused(memberImportMessages.interrupted)));
      });
    });
    parser.on('error', () => reject(refused(memberImportMessages.interrupted)));
    parser.on('finish', () => {
      if (!file) return reject(refused(memberImportMessages.fileMissing));
      file.then(resolve, reject);
    });
    request.on('error', reject);
    request.pipe(parser);
  });
};
