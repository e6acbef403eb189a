import { PassThrough, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * Office Open XML files (a Word document, an Excel workbook) are zip packages. Readers such as mammoth and exceljs
 * unzip the whole package and trust its declared sizes, so a package must pass these checks before one sees it:
 * a zip bomb or a part that inflates past its declared size is refused first.
 */
export interface ZipPackageSpec {
  /** What the package is, for the error messages. */
  kind: string;
  /** Parts it must have (e.g. `word/document.xml`). */
  requiredParts: readonly string[];
  maxEntries: number;
  /** Sum of the declared uncompressed sizes. */
  maxTotalUncompressed: number;
  /** Uncompressed / compressed, per entry over 1 MB (ordinary XML compresses about 10:1). */
  maxRatio: number;
  /** A part a reader loads whole, with its own limit. */
  maxPart?: { name: string; bytes: number };
}

export class ZipPackageError extends Error {
  override readonly name = 'ZipPackageError';
}

export type ByteRangeSource = { size: number; read: (start: number, end: number) => Promise<Readable> };

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

/** yauzl reads the zip directory with ranged reads, so an object in the store is never loaded whole. */
const openZip = (source: ByteRangeSource): Promise<ZipFile> => {
  const reader = new RangeReader(source);
  return new Promise((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      reader,
      source.size,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(new ZipPackageError(err?.message ?? 'not a zip')) : resolve(zip)),
    ),
  );
};

const entriesOf = (zip: ZipFile, spec: ZipPackageSpec): Promise<Entry[]> =>
  new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > spec.maxEntries) return reject(new ZipPackageError('too many entries'));
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (e: Error) => reject(new ZipPackageError(e.message)));
    zip.readEntry();
  });

/** The checks of the zip directory: the parts, their count and their declared sizes. */
const checkEntries = (entries: readonly Entry[], spec: ZipPackageSpec): void => {
  const names = new Set(entries.map((e) => e.fileName));
  // Two entries of one name could let two zip readers see different documents.
  if (names.size !== entries.length) throw new ZipPackageError('duplicate entry names');
  if (!spec.requiredParts.every((part) => names.has(part))) throw new ZipPackageError(`no ${spec.kind} part`);
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > spec.maxTotalUncompressed) throw new ZipPackageError('uncompressed size over the limit');
    if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > spec.maxRatio) {
      throw new ZipPackageError('compression ratio over the limit');
    }
    if (spec.maxPart && entry.fileName === spec.maxPart.name && entry.uncompressedSize > spec.maxPart.bytes) {
      throw new ZipPackageError(`${spec.kind} part over the limit`);
    }
  }
};

/** Inflates an entry and discards it; yauzl fails it (validateEntrySizes) when it inflates past its declared size. */
const drainEntry = (zip: ZipFile, entry: Entry): Promise<void> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new ZipPackageError(err?.message ?? 'unreadable entry'));
      stream.on('error', (e) => reject(new ZipPackageError(e.message)));
      stream.on('end', () => resolve());
      stream.resume();
    });
  });

/** The parts readers parse: XML and relationships, never media. */
const isMarkup = (name: string): boolean => /\.(xml|rels)$/i.test(name);

/** Throws ZipPackageError unless this is a zip with the spec's parts, within its limits (reads the directory only). */
export const inspectZipPackage = async (source: ByteRangeSource, spec: ZipPackageSpec): Promise<void> => {
  const zip = await openZip(source);
  try {
    checkEntries(await entriesOf(zip, spec), spec);
  } finally {
    zip.close();
  }
};

/**
 * As inspectZipPackage, and every markup part is inflated once to prove it is no larger than declared: after this, a
 * reader that unzips the whole package in memory is safe to call.
 */
export const verifyZipPackage = async (source: ByteRangeSource, spec: ZipPackageSpec): Promise<void> => {
  const zip = await openZip(source);
  try {
    const entries = await entriesOf(zip, spec);
    checkEntries(entries, spec);
    for (const entry of entries.filter((e) => isMarkup(e.fileName))) await drainEntry(zip, entry);
  } finally {
    zip.close();
  }
};

/** A ByteRangeSource over a buffer (uploads read whole, tests). */
export const bufferSource = (buffer: Buffer): ByteRangeSource => ({
  size: buffer.length,
  read: async (start, end) => {
    const out = new PassThrough();
    out.end(buffer.subarray(start, end));
    return out;
  },
});
