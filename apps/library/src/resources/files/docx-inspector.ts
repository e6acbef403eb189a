import { PassThrough, type Readable } from 'node:stream';
import mammoth from 'mammoth';
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
    yauzl.fromRandomAccessReader(
      reader,
      source.size,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(new NotDocxError(err?.message ?? 'not a zip')) : resolve(zip)),
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

/** The checks every DOCX passes before anything inflates it: its parts, their count and their declared sizes. */
const checkEntries = (entries: readonly Entry[]): void => {
  const names = new Set(entries.map((e) => e.fileName));
  // Two entries of one name could let two zip readers see different documents.
  if (names.size !== entries.length) throw new NotDocxError('duplicate entry names');
  if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) throw new NotDocxError('no word document part');
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > DOCX_LIMITS.maxTotalUncompressed) throw new NotDocxError('uncompressed size over the limit');
    if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > DOCX_LIMITS.maxRatio) {
      throw new NotDocxError('compression ratio over the limit');
    }
    if (entry.fileName === 'word/document.xml' && entry.uncompressedSize > DOCX_LIMITS.maxDocumentXml) {
      throw new NotDocxError('document part over the limit');
    }
  }
};

/** Throws NotDocxError unless this is an OOXML word-processing package within the limits. */
export const inspectDocx = async (source: ByteRangeSource): Promise<void> => {
  const zip = await openZip(source);
  try {
    checkEntries(await entriesOf(zip));
  } finally {
    zip.close();
  }
};

/** Inflates an entry and discards it; yauzl fails it (validateEntrySizes) when it inflates past its declared size. */
const drainEntry = (zip: ZipFile, entry: Entry): Promise<void> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new NotDocxError(err?.message ?? 'unreadable entry'));
      stream.on('error', (e) => reject(new NotDocxError(e.message)));
      stream.on('end', () => resolve());
      stream.resume();
    });
  });

/** The parts mammoth reads to find the text: XML and relationships, never media. */
const isMarkup = (name: string): boolean => /\.(xml|rels)$/i.test(name);

/**
 * The text of a DOCX, one paragraph per line. The limits are checked on the zip directory first, and the markup
 * parts are inflated once to prove they are no larger than declared; only then does mammoth read the document
 * (it unzips the whole buffer and trusts the sizes, so it must never see a zip bomb).
 */
export const extractDocxText = async (load: { range: ByteRangeSource; buffer: () => Promise<Buffer> }): Promise<string> => {
  const zip = await openZip(load.range);
  try {
    const entries = await entriesOf(zip);
    checkEntries(entries);
    for (const entry of entries.filter((e) => isMarkup(e.fileName))) await drainEntry(zip, entry);
  } finally {
    zip.close();
  }
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: await load.buffer() })).value;
  } catch (error) {
    throw new NotDocxError((error as Error).message);
  }
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
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
