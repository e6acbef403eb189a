import { PassThrough, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** Limits against zip bombs: a real Word document is far below each. */
export const DOCX_LIMITS = {
  maxEntries: 2000,
  /** Sum of the declared uncompressed sizes. */
  maxTotalUncompressed: 100 * 1024 * 1024,
  /** Uncompressed / compressed, per entry (ordinary XML compresses about 10:1). */
  maxRatio: 200,
  /** The main document part we read for text. */
  maxDocumentXml: 50 * 1024 * 1024,
};

export type ByteRangeSource = { size: number; read: (start: number, end: number) => Promise<Readable> };

export class NotDocxError extends Error {}

class RangeReader extends yauzl.RandomAccessReader {
  constructor(private readonly source: ByteRangeSource) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.source.read(start, end).then(
      (stream) => stream.on('error', (e) => out.destroy(e)).pipe(out),
      (error: Error) => out.destroy(error),
    );
    return out;
  }
}

/** yauzl reads the zip directory with ranged reads, so the object is never loaded whole. */
const openZip = (source: ByteRangeSource): Promise<ZipFile> => {
  const reader = new RangeReader(source);
  return new Promise((resolve, reject) =>
    yauzl.fromRandomAccessReader(reader, source.size, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(new NotDocxError(err?.message ?? 'not a zip')) : resolve(zip),
    ),
  );
};

const entriesOf = (zip: ZipFile): Promise<Entry[]> =>
  new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > DOCX_LIMITS.maxEntries) return reject(new NotDocxError('too many entries'));
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (e: Error) => reject(new NotDocxError(e.message)));
    zip.readEntry();
  });

/** Throws NotDocxError unless this is an OOXML word-processing package within the limits. */
export const inspectDocx = async (source: ByteRangeSource): Promise<void> => {
  const zip = await openZip(source);
  try {
    const entries = await entriesOf(zip);
    const names = new Set(entries.map((e) => e.fileName));
    if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) throw new NotDocxError('no word document part');
    let total = 0;
    for (const entry of entries) {
      total += entry.uncompressedSize;
      if (total > DOCX_LIMITS.maxTotalUncompressed) throw new NotDocxError('uncompressed size over the limit');
      if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > DOCX_LIMITS.maxRatio) {
        throw new NotDocxError('compression ratio over the limit');
      }
    }
  } finally {
    zip.close();
  }
};

const readEntry = (zip: ZipFile, entry: Entry, max: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new NotDocxError(err?.message ?? 'unreadable entry'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) stream.destroy(new NotDocxError('document part over the limit'));
        else chunks.push(chunk);
      });
      stream.on('error', (e) => reject(e instanceof NotDocxError ? e : new NotDocxError(e.message)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : '';
    }
    return entities[code] ?? whole;
  });

/** The text of word/document.xml: runs (`w:t`), tabs and breaks, one line per paragraph; nothing else. */
export const docxText = (xml: string): string => {
  const parts: string[] = [];
  for (const m of xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:(?:br|cr)(?:\s[^>]*)?\/>|<\/w:p>/g)) {
    if (m[1] !== undefined) parts.push(decodeXml(m[1]));
    else if (m[0] === '<w:tab/>') parts.push('\t');
    else parts.push('\n');
  }
  return parts
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};

/** Reads the document part of an already inspected DOCX. */
export const extractDocxText = async (source: ByteRangeSource): Promise<string> => {
  const zip = await openZip(source);
  try {
    const entries = await entriesOf(zip);
    const document = entries.find((e) => e.fileName === 'word/document.xml');
    if (!document) throw new NotDocxError('no word document part');
    if (document.uncompressedSize > DOCX_LIMITS.maxDocumentXml) throw new NotDocxError('document part over the limit');
    return docxText((await readEntry(zip, document, DOCX_LIMITS.maxDocumentXml)).toString('utf8'));
  } finally {
    zip.close();
  }
};

/** A ByteRangeSource over a buffer (tests and small files). */
export const bufferSource = (buffer: Buffer): ByteRangeSource => ({
  size: buffer.length,
  read: async (start, end) => {
    const out = new PassThrough();
    out.end(buffer.subarray(start, end));
    return out;
  },
});
