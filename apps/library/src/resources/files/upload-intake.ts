import { Inject, Injectable } from '@nestjs/common';
import { errorCodes, type ResourceFileType, uploadMessages } from '@abide/contracts';
import { DomainError, isTransientError } from '@abide/platform';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import type { IncomingMessage } from 'node:http';
import { LIBRARY_CONFIG, type LibraryConfig } from '../../config/env.schema';
import { ContentSniffer } from './content-sniffer';
import { inspectDocx, NotDocxError } from './docx-inspector';
import { sanitiseFileName } from './file-name';
import { ObjectStore } from './object-store';

/** A file that passed the checks, now in quarantine under a generated key. */
export interface ReceivedFile {
  fileName: string;
  fileType: ResourceFileType;
  fileSize: number;
  storageKey: string;
  sha256: string;
}

export interface ReceivedUpload {
  fields: Record<string, string[]>;
  file: ReceivedFile | null;
}

const FIELD_LIMITS = { fields: 40, fieldSize: 16 * 1024, parts: 60, headerPairs: 100 };

export const badRequest = (field: string, message: string, title = 'Invalid request') =>
  new DomainError(errorCodes.validationFailed, 400, title, message, [{ field, message }]);

/**
 * Reads a multipart upload as it arrives: the text fields into memory (small, limited), the one `file` part
 * straight into the quarantine bucket, counted, hashed and sniffed on the way. Nothing passes the size limit:
 * the part is cut there and its object removed. The type is decided from the content, never the name.
 */
@Injectable()
export class UploadIntake {
  constructor(
    private readonly objects: ObjectStore,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
  ) {}

  async receive(request: IncomingMessage, ownerId: string): Promise<ReceivedUpload> {
    if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) {
      throw new DomainError(errorCodes.validationFailed, 415, 'Unsupported media type', 'Send the upload as multipart/form-data.');
    }
    const max = this.config.MAX_UPLOAD_BYTES;
    const fields: Record<string, string[]> = {};
    let tooMany = false;
    let stored: Promise<{ key: string; sniffer: ContentSniffer; rawName: string } | { error: unknown; key: string }> | undefined;

    await new Promise<void>((resolve, reject) => {
      let parser: BusboyInstance;
      try {
        // One byte more than allowed reaches the sniffer, which is how "over the limit" is told from "exactly at it".
        const headers = { ...request.headers, 'content-type': request.headers['content-type'] ?? '' };
        parser = new Busboy({ headers, limits: { ...FIELD_LIMITS, fileSize: max + 1, files: 1 } });
      } catch {
        return reject(badRequest('file', uploadMessages.noFile.description, uploadMessages.noFile.title));
      }
      parser.on('field', (name, value) => {
        (fields[name] ??= []).push(value);
      });
      parser.on('file', (name, stream, fileName) => {
        if (name !== 'file' || stored) {
          tooMany ||= name === 'file';
          stream.resume();
          return;
        }
        const key = this.objects.newKey(ownerId);
        const sniffer = new ContentSniffer(max);
        // Past the limit busboy cuts the part and drains the rest, so the client still gets its answer.
        // A client that goes away mid-file errors the part; the store's upload would wait for an end that never comes.
        const broken = new Promise<{ error: unknown; key: string }>((resolve) => {
          stream.on('error', (error) => {
            sniffer.destroy(error);
            resolve({ error: badRequest('file', 'The upload was interrupted. Please try again.'), key });
          });
        });
        stream.pipe(sniffer);
        stored = Promise.race([
          this.objects
            .put('quarantine', key, sniffer, max)
            .then(() => ({ key, sniffer, rawName: fileName ?? '' }))
            .catch((error: unknown) => {
              // The store gave up (it may be down): let the rest of the part drain, so the request still ends.
              sniffer.resume();
              // An empty part is refused by the store (an upload of no parts): the member sent an empty file.
              return { error: sniffer.bytes === 0 ? badRequest('file', uploadMessages.tooSmall(1)) : error, key };
            }),
          broken,
        ]);
      });
      parser.on('filesLimit', () => {
        tooMany = true;
      });
      parser.on('error', () => reject(badRequest('file', 'The upload could not be read. Please try again.')));
      // 'finish' comes once every part has been read to its end, the file part included.
      parser.on('finish', () => resolve());
      request.on('error', (error) => reject(error));
      request.pipe(parser);
    }).catch(async (error: unknown) => {
      const result = await stored;
      if (result) await this.objects.remove('quarantine', result.key).catch(() => undefined);
      throw error;
    });

    const result = await stored;
    if (!result) {
      if (tooMany) throw badRequest('file', uploadMessages.tooMany);
      return { fields, file: null };
    }
    if ('error' in result) {
      await this.objects.remove('quarantine', result.key).catch(() => undefined);
      throw isTransientError(result.error) ? DomainError.unavailable(uploadMessages.storageUnavailable, 30) : result.error;
    }
    try {
      if (tooMany) throw badRequest('file', uploadMessages.tooMany);
      const { sniffer, key } = result;
      if (sniffer.tooLarge)
        throw new DomainError(errorCodes.payloadTooLarge, 413, 'Payload too large', uploadMessages.tooLarge(max), [
          { field: 'file', message: uploadMessages.tooLarge(max) },
        ]);
      if (sniffer.bytes === 0) throw badRequest('file', uploadMessages.tooSmall(1));
      const fileType = await this.typeOf(sniffer, key);
      return {
        fields,
        file: {
          fileName: sanitiseFileName(result.rawName, fileType),
          fileType,
          fileSize: sniffer.bytes,
          storageKey: key,
          sha256: sniffer.sha256,
        },
      };
    } catch (error) {
      await this.objects.remove('quarantine', result.key).catch(() => undefined);
      throw error;
    }
  }

  private async typeOf(sniffer: ContentSniffer, key: string): Promise<ResourceFileType> {
    switch (sniffer.kind) {
      case 'pdf':
        return 'pdf';
      case 'txt':
        return 'txt';
      case 'zip':
        try {
          await inspectDocx(this.objects.rangeSource('quarantine', key, sniffer.bytes));
          return 'docx';
        } catch (error) {
          if (error instanceof NotDocxError) throw badRequest('file', uploadMessages.badType);
          throw error;
        }
      default:
        throw badRequest('file', uploadMessages.badType);
    }
  }
}
