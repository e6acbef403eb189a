import { churchMessages, errorCodes, LOGO_MAX_BYTES } from '@abide/contracts';
import { collectBytes, DomainError, type MultipartFailure, readMultipart } from '@abide/platform';
import type { IncomingMessage } from 'node:http';
import { badRequest } from '../files/files.port';

const refusals: Record<MultipartFailure, () => DomainError> = {
  'not-multipart': () => new DomainError(errorCodes.validationFailed, 415, 'Unsupported media type', 'Send the logo as multipart/form-data.'),
  malformed: () => badRequest('file', churchMessages.logoType),
  unreadable: () => badRequest('file', 'The upload could not be read. Please try again.'),
  interrupted: () => badRequest('file', 'The upload was interrupted. Please try again.'),
};

/**
 * Reads the one `file` part of a logo upload into memory, cut one byte past LOGO_MAX_BYTES (so "over the limit" is
 * told from "exactly at it"); a logo is small, and it is checked whole (sanitised) before anything is stored.
 */
export const readLogoPart = async (request: IncomingMessage): Promise<Buffer> => {
  const { file } = await readMultipart(request, {
    fileField: 'file',
    limits: { fields: 5, parts: 6, files: 1, fileSize: LOGO_MAX_BYTES + 1 },
    receiveFile: collectBytes,
    refuse: (failure) => refusals[failure](),
  });
  if (!file) throw badRequest('file', 'Please choose an image for the logo');
  return file;
};
