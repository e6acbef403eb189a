import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { ByteRangeSource } from './docx-inspector';
import type { Bucket } from './object-store';
import type { ReceivedUpload } from './upload-intake';

/** What other library features may use of files (docs/structure.md, "Ports"): object storage, the checked intake of an upload, and file names. */
export type { Bucket, ByteRangeSource, ReceivedUpload };
export { badRequest } from './upload-intake';
export { contentDisposition, contentTypeOf } from './file-name';
export { extractText, isUnreadableFile } from './text-extraction';

/** The quarantine and store buckets. */
export abstract class ObjectStorage {
  /** Streams `body` into the bucket; `maxSize` is an upper bound that only chooses the part size. */
  abstract put(bucket: Bucket, key: string, body: Readable, maxSize: number): Promise<void>;
  /** Removes an object (and any unfinished multipart upload of it); absent is fine. */
  abstract remove(bucket: Bucket, key: string): Promise<void>;
  abstract rangeSource(bucket: Bucket, key: string, size: number): ByteRangeSource;
  abstract stream(bucket: Bucket, key: string): Promise<Readable>;
  abstract buffer(bucket: Bucket, key: string): Promise<Buffer>;
  /** Server-side copy quarantine → store (the bytes never pass through the service). */
  abstract copy(from: Bucket, fromKey: string, to: Bucket, toKey: string): Promise<void>;
  /** A short-lived GET for browsers, with the headers the response must carry. */
  abstract presignDownload(
    key: string,
    headers: { fileName: string; contentType: string; disposition: string },
    ttlSeconds: number,
    now?: Date,
  ): Promise<{ url: string; expiresAt: string; fileName: string }>;
  /** Every key in a bucket under a prefix (tests, purge). */
  abstract list(bucket: Bucket, prefix?: string): Promise<string[]>;
}

/** An upload streamed into quarantine through every check (size, type, content). */
export abstract class UploadChecks {
  abstract receive(request: IncomingMessage, ownerId: string): Promise<ReceivedUpload>;
}
