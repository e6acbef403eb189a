import { Inject, Injectable } from '@nestjs/common';
import { errorCodes, type ResourceFileType, uploadMessages } from '@abide/contracts';
import { DomainError, isTransientError, type MultipartFailure, readMultipart } from '@abide/platform';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { LIBRARY_CONFIG, type LibraryConfig } from '../config/env.schema';
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

const refusals: Record<MultipartFailure, () => DomainError> = {
  'not-multipart': () => new DomainError(errorCodes.validationFailed, 415, 'Unsupported media type', 'Send the upload as multipart/form-data.'),
  malformed: () => badRequest('file', uploadMessages.noFile.description, uploadMessages.noFile.title),
  unreadable: () => badRequest('file', 'The upload could not be read. Please try again.'),
  interrupted: () => badRequest('file', 'The upload was interrupted. Please try again.'),
};

/** The file part, in quarantine under `key`, before its checks. */
interface StoredPart {
  key: string;
  sniffer: ContentSniffer;
  rawName: string;
}

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
    const max = this.config.MAX_UPLOAD_BYTES;
    const { fields, file, extraFiles } = await readMultipart(request, {
      fileField: 'file',
      // One byte more than allowed reaches the sniffer, which is how "over the limit" is told from "exactly at it".
      limits: { ...FIELD_LIMITS, fileSize: max + 1, files: 1 },
      receiveFile: (stream, rawName) => this.store(stream, rawName, ownerId, max),
      discard: (stored) => this.objects.remove('quarantine', stored.key),
      refuse: (failure) => refusals[failure](),
    });
    if (!file) {
      if (extraFiles) throw badRequest('file', uploadMessages.tooMany);
      return { fields, file: null };
    }
    try {
      if (extraFiles) throw badRequest('file', uploadMessages.tooMany);
      const { sniffer, key } = file;
      if (sniffer.tooLarge)
        throw new DomainError(errorCodes.payloadTooLarge, 413, 'Payload too large', uploadMessages.tooLarge(max), [
          { field: 'file', message: uploadMessages.tooLarge(max) },
        ]);
      if (sniffer.bytes === 0) throw badRequest('file', uploadMessages.tooSmall(1));
      const fileType = await this.typeOf(sniffer, key);
      return {
        fields,
        file: {
          fileName: sanitiseFileName(file.rawName, fileType),
          fileType,
          fileSize: sniffer.bytes,
          storageKey: key,
          sha256: sniffer.sha256,
        },
      };
    } catch (error) {
      await this.objects.remove('quarantine', file.key).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Streams the file part into quarantine, counted, hashed and sniffed on the way. Past the limit busboy cuts the part
   * and drains the rest, so the client still gets its answer; a part that breaks off (the client went away) destroys
   * the sniffer and answers at once.
   */
  private async store(stream: Readable, rawName: string, ownerId: string, max: number): Promise<StoredPart> {
    const key = this.objects.newKey(ownerId);
    const sniffer = new ContentSniffer(max);
    // The store's upload may wait for an end that never comes once its source broke: the race answers at once. It
    // resolves (never rejects), and Promise.race observes the upload's own late outcome.
    const interrupted = new Promise<'interrupted'>((resolve) => {
      stream.on('error', () => {
        // Without the error: the sniffer may have no listener left, and the race below answers the member.
        sniffer.destroy();
        resolve('interrupted');
      });
    });
    stream.pipe(sniffer);
    const interruptedError = () => badRequest('file', 'The upload was interrupted. Please try again.');
    try {
      const outcome = await Promise.race([this.objects.put('quarantine', key, sniffer, max).then(() => 'stored' as const), interrupted]);
      if (outcome === 'interrupted') throw interruptedError();
      return { key, sniffer, rawName };
    } catch (error) {
      // The store gave up (it may be down): let the rest of the part drain, so the request still ends.
      sniffer.resume();
      await this.objects.remove('quarantine', key).catch(() => undefined);
      if (stream.errored) throw interruptedError();
      // An empty part is refused by the store (an upload of no parts): the member sent an empty file.
      if (sniffer.bytes === 0) throw badRequest('file', uploadMessages.tooSmall(1));
      throw isTransientError(error) ? DomainError.unavailable(uploadMessages.storageUnavailable, 30) : error;
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
