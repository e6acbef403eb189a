import { churchMessages, errorCodes, LOGO_MAX_BYTES } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import type { IncomingMessage } from 'node:http';
import { badRequest } from '../resources/files/upload-intake';

/**
 * Reads the one `file` part of a logo upload into memory, cut one byte past LOGO_MAX_BYTES (so "over the limit" is
 * told from "exactly at it"); a logo is small, and it is checked whole (sanitised) before anything is stored.
 */
export const readLogoPart = (request: IncomingMessage): Promise<Buffer> => {
  if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) {
    return Promise.reject(new DomainError(errorCodes.validationFailed, 415, 'Unsupported media type', 'Send the logo as multipart/form-data.'));
  }
  return new Promise<Buffer>((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      const headers = { ...request.headers, 'content-type': request.headers['content-type'] ?? '' };
      parser = new Busboy({ headers, limits: { fields: 5, parts: 6, files: 1, fileSize: LOGO_MAX_BYTES + 1 } });
    } catch {
      return reject(badRequest('file', churchMessages.logoType));
    }
    let file: Promise<Buffer> | undefined;
    parser.on('file', (name, stream) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      file = new Promise<Buffer>((done, fail) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(Buffer.concat(chunks)));
        stream.on('error', () => fail(badRequest('file', 'The upload was interrupted. Please try again.')));
      });
    });
    parser.on('error', () => reject(badRequest('file', 'The upload could not be read. Please try again.')));
    parser.on('finish', () => {
      if (!file) return reject(badRequest('file', 'Please choose an image for the logo'));
      file.then(resolve, reject);
    });
    request.on('error', reject);
    request.pipe(parser);
  });
};
