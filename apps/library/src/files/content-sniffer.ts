import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** What the first bytes say; DOCX still needs its zip directory checked (see docx-inspector.ts). */
export type SniffedKind = 'pdf' | 'zip' | 'txt' | 'unknown';

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const HEAD_BYTES = 8;

/**
 * Watches an upload as it streams past (nothing is kept but the first bytes): counts bytes, hashes, and checks
 * whether the whole file is valid UTF-8 without NUL bytes (a TXT). Past `maxBytes` it passes nothing more on and
 * marks the file `tooLarge` (the caller then deletes what was written).
 */
export class ContentSniffer extends Transform {
  bytes = 0;
  private head = Buffer.alloc(0);
  private readonly hash: Hash = createHash('sha256');
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private utf8 = true;
  tooLarge = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.tooLarge || this.bytes > this.maxBytes) {
      this.tooLarge = true;
      return callback();
    }
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.hash.update(chunk);
    if (this.utf8) {
      if (chunk.includes(0)) this.utf8 = false;
      else {
        try {
          this.decoder.decode(chunk, { stream: true });
        } catch {
          this.utf8 = false;
        }
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.utf8) {
      try {
        this.decoder.decode();
      } catch {
        this.utf8 = false;
      }
    }
    callback();
  }

  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  get kind(): SniffedKind {
    if (this.bytes === 0) return 'unknown';
    if (this.head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'pdf';
    if (this.head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return 'zip';
    return this.utf8 ? 'txt' : 'unknown';
  }
}
