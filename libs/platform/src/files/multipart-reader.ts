import { Busboy, type BusboyConfig, type BusboyInstance } from '@fastify/busboy';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/** Why a multipart body could not be read; the caller words the problem for its own screen. */
export type MultipartFailure =
  /** The content type is not multipart/form-data. */
  | 'not-multipart'
  /** multipart/form-data without a usable boundary. */
  | 'malformed'
  /** The parts could not be parsed. */
  | 'unreadable'
  /** The client went away, or the file part broke off, before the body ended. */
  | 'interrupted';

export interface MultipartReadOptions<T> {
  /** The name of the one file part that is read; other file parts are drained unread. */
  fileField: string;
  /** busboy's limits; `fileSize` cuts the file part there (pass one byte over the maximum to tell "over" from "at"). */
  limits: BusboyConfig['limits'] & { files?: 1 };
  /**
   * Consumes the file part's stream (into memory, or into a store) and settles once it has. It may reject (its error
   * becomes the read's); the reader always awaits it, so its promise never rejects unobserved.
   */
  receiveFile: (stream: Readable, fileName: string) => Promise<T>;
  /** Undoes a received file when the rest of the body then fails (e.g. removes the object it stored). */
  discard?: (received: T) => Promise<unknown>;
  refuse: (failure: MultipartFailure) => Error;
}

export interface MultipartBody<T> {
  fields: Record<string, string[]>;
  /** What `receiveFile` made of the file part; undefined when the body had none. */
  file: T | undefined;
  /** A second file part was sent (it was drained unread). */
  extraFiles: boolean;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(work: Promise<T>): Promise<Settled<T>> =>
  work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * Reads a multipart request body to its end: the text fields into memory (within `limits`), the one file part through
 * `receiveFile`. It settles once, after the body has ended (or failed) AND the file's receiver has settled, so no
 * promise of the read is ever left rejecting with nothing awaiting it — an unhandled rejection stops a Node process,
 * and one oversized upload once took a whole service down that way (issue #24).
 */
export const readMultipart = async <T>(request: IncomingMessage, options: MultipartReadOptions<T>): Promise<MultipartBody<T>> => {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw options.refuse('not-multipart');
  let parser: BusboyInstance;
  try {
    parser = new Busboy({ headers: { ...request.headers, 'content-type': contentType }, limits: options.limits });
  } catch {
    throw options.refuse('malformed');
  }

  const fields: Record<string, string[]> = {};
  let extraFiles = false;
  let received: Promise<Settled<T>> | undefined;
  let fileStream: Readable | undefined;

  const body = await new Promise<MultipartFailure | undefined>((resolve) => {
    const fail = (failure: MultipartFailure) => {
      // A receiver waiting on the file part must hear that it will never end.
      if (fileStream && !fileStream.readableEnded && !fileStream.destroyed) fileStream.destroy(new Error(`multipart body ${failure}`));
      // Let the rest of the body drain, so the client still gets its answer.
      request.unpipe(parser);
      request.resume();
      resolve(failure);
    };
    parser.on('field', (name, value) => {
      (fields[name] ??= []).push(value);
    });
    parser.on('file', (name, stream, fileName) => {
      if (name !== options.fileField || received) {
        extraFiles ||= name === options.fileField;
        stream.resume();
        return;
      }
      fileStream = stream;
      stream.on('error', () => fail('interrupted'));
      let receiving: Promise<T>;
      try {
        receiving = options.receiveFile(stream, fileName ?? '');
      } catch (error) {
        receiving = Promise.reject(error);
      }
      received = settle(receiving).then((result) => {
        // A receiver that gave up must not stall the parser: the rest of its part is drained.
        if (!result.ok) stream.resume();
        return result;
      });
    });
    parser.on('filesLimit', () => {
      extraFiles = true;
    });
    parser.on('error', () => fail('unreadable'));
    // 'finish' comes once every part has been read to its end, the file part included.
    parser.on('finish', () => resolve(undefined));
    request.on('error', () => fail('interrupted'));
    request.on('close', () => {
      if (request.readableAborted) fail('interrupted');
    });
    request.pipe(parser);
  });

  const file = await received;
  if (body) {
    if (file?.ok && options.discard) await options.discard(file.value).catch(() => undefined);
    throw options.refuse(body);
  }
  if (file && !file.ok) throw file.error;
  return { fields, file: file?.value, extraFiles };
};

/** A `receiveFile` that keeps the part in memory: for small files (a member list, a logo) checked whole. */
export const collectBytes = (stream: Readable): Promise<Buffer> =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
