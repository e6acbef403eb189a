import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { writeZip } from './zip-writer';

/**
 * Office Open XML files (a Word document, an Excel workbook) are zip packages. Readers such as mammoth and exceljs
 * unzip the whole package in memory and trust its declared sizes, so they are never handed an upload: the package is
 * inflated once here, every part counted as it really inflates, and the reader gets a new package of the parts it
 * reads, rebuilt from exactly the bytes that were measured.
 */
export interface ZipPackageSpec {
  /** What the package is, for the error messages. */
  kind: string;
  /** Parts it must have (e.g. `word/document.xml`). */
  requiredParts: readonly string[];
  maxEntries: number;
  /** What all parts together may inflate to. */
  maxTotalUncompressed: number;
  /** What any one part may inflate to. */
  maxPartUncompressed: number;
  /** Inflated / compressed, per part past 1 MB (ordinary XML compresses about 10:1, media about 1:1). */
  maxRatio: number;
  /** Folders where Office keeps embedded objects (a chart's workbook is a zip): the one place a nested archive may sit. */
  embeddingFolders?: readonly string[];
}

/**
 * `limit`: the package unpacks to more than we read (sizes, counts, an archive inside it: a bomb); `malformed`: it is
 * not a package we read at all, or a damaged one.
 */
export type ZipRefusal = 'limit' | 'malformed';

export class ZipPackageError extends Error {
  override readonly name = 'ZipPackageError';

  constructor(
    message: string,
    readonly reason: ZipRefusal = 'malformed',
  ) {
    super(message);
  }
}

const overLimit = (message: string) => new ZipPackageError(message, 'limit');

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
      // Sizes are checked as parts inflate (inflateEntry), so a part that lies about its size is told from a damaged one.
      { lazyEntries: true, autoClose: false, validateEntrySizes: false, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(new ZipPackageError(err?.message ?? 'not a zip')) : resolve(zip)),
    ),
  );
};

const entriesOf = (zip: ZipFile, spec: ZipPackageSpec): Promise<Entry[]> =>
  new Promise((resolve, reject) => {
    // The end record says how many entries follow: an absurd count is refused before one is read.
    if (zip.entryCount > spec.maxEntries) return reject(overLimit('too many entries'));
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > spec.maxEntries) return reject(overLimit('too many entries'));
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (e: Error) => reject(new ZipPackageError(e.message)));
    zip.readEntry();
  });

/** A part name as zip readers match it: OPC names are case-insensitive, and some readers turn `\` into `/`. */
const nameKey = (name: string): string => name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();

/** The checks of the zip directory: the parts, their count, encryption and their declared sizes. */
const checkEntries = (entries: readonly Entry[], spec: ZipPackageSpec): void => {
  const names = new Set(entries.map((e) => nameKey(e.fileName)));
  // Two entries of one name could let two zip readers see different documents.
  if (names.size !== entries.length) throw new ZipPackageError('duplicate entry names');
  if (!spec.requiredParts.every((part) => names.has(nameKey(part)))) throw new ZipPackageError(`no ${spec.kind} part`);
  if (entries.some((e) => e.isEncrypted())) throw new ZipPackageError('encrypted entries');
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > spec.maxTotalUncompressed) throw overLimit('uncompressed size over the limit');
    if (entry.uncompressedSize > spec.maxPartUncompressed) throw overLimit(`${entry.fileName} over the limit`);
    if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > spec.maxRatio) {
      throw overLimit('compression ratio over the limit');
    }
  }
};

const NO_DATA_DESCRIPTOR = 0x8;
const ZIP64_MARK = 0xffffffff;

/** The local header is what many readers (JSZip among them) follow: it must say what the directory says. */
const checkLocalHeader = async (zip: ZipFile, entry: Entry): Promise<void> => {
  const local = await zip.readLocalFileHeaderPromise(entry).catch((e: Error) => {
    throw new ZipPackageError(e.message);
  });
  const sameSizes =
    (local.generalPurposeBitFlag & NO_DATA_DESCRIPTOR) !== 0 ||
    (local.crc32 === entry.crc32 &&
      (local.compressedSize === entry.compressedSize || local.compressedSize === ZIP64_MARK) &&
      (local.uncompressedSize === entry.uncompressedSize || local.uncompressedSize === ZIP64_MARK));
  if (
    !local.fileName.equals(entry.fileNameRaw) ||
    local.compressionMethod !== entry.compressionMethod ||
    (local.generalPurposeBitFlag & 0x1) !== (entry.generalPurposeBitFlag & 0x1) ||
    !sameSizes
  ) {
    throw new ZipPackageError(`${entry.fileName}: local header disagrees with the directory`);
  }
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const RATIO_CHECKED_FROM = 1024 * 1024;

/**
 * Inflates one part, counting every byte against its declared size and the part's and the package's limits as it
 * comes: past one the stream is destroyed there, so memory stays flat whatever the part claims. The bytes are kept
 * only when `keep`.
 */
const inflateEntry = (
  zip: ZipFile,
  entry: Entry,
  spec: ZipPackageSpec,
  budget: { left: number },
  keep: boolean,
): Promise<{ data: Buffer; crc: number } | undefined> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new ZipPackageError(err?.message ?? 'unreadable entry'));
      const chunks: Buffer[] = [];
      let size = 0;
      let crc = 0;
      let head = Buffer.alloc(0);
      const fail = (error: ZipPackageError) => {
        stream.destroy();
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        budget.left -= chunk.length;
        if (size > entry.uncompressedSize) return fail(overLimit(`${entry.fileName} inflates past its declared size`));
        if (size > spec.maxPartUncompressed) return fail(overLimit(`${entry.fileName} inflates past the limit`));
        if (budget.left < 0) return fail(overLimit('uncompressed size over the limit'));
        if (size > RATIO_CHECKED_FROM && size / Math.max(1, entry.compressedSize) > spec.maxRatio) {
          return fail(overLimit('compression ratio over the limit'));
        }
        if (head.length < ZIP_MAGIC.length) {
          head = Buffer.concat([head, chunk.subarray(0, ZIP_MAGIC.length - head.length)]);
          if (head.equals(ZIP_MAGIC) && !isEmbedding(entry.fileName, spec)) return fail(overLimit(`${entry.fileName} is a nested archive`));
        }
        crc = crc32(chunk, crc);
        if (keep) chunks.push(chunk);
      });
      stream.on('error', (e) => reject(new ZipPackageError(e.message)));
      stream.on('end', () => {
        if (size !== entry.uncompressedSize) return reject(new ZipPackageError(`${entry.fileName} is shorter than declared`));
        if (crc !== entry.crc32) return reject(new ZipPackageError(`${entry.fileName}: checksum mismatch`));
        resolve(keep ? { data: Buffer.concat(chunks), crc } : undefined);
      });
    });
  });

const isEmbedding = (name: string, spec: ZipPackageSpec): boolean =>
  (spec.embeddingFolders ?? []).some((folder) => nameKey(name).startsWith(nameKey(folder)));

/** The parts readers parse: XML, relationships and VML (XML too: exceljs reads notes from it), never media or embedded objects. */
const isMarkup = (name: string): boolean => /\.(xml|rels|vml)$/i.test(name);

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
 * As inspectZipPackage, then every part is inflated once against the limits (a running total for the package, one
 * per part; a local header that disagrees with the directory, a nested archive outside the embedding folders or a
 * bad checksum is refused). Returns a new zip, stored uncompressed, of the markup parts with the bytes that were
 * measured and every other part (media, embedded objects) empty, its name kept so that references to it resolve:
 * a reader handed it parses exactly what was measured (never a part another zip reader might find where yauzl found
 * none), inflates nothing, and never loads bytes it does not need for text.
 */
export const verifyZipPackage = async (source: ByteRangeSource, spec: ZipPackageSpec): Promise<Buffer> => {
  const zip = await openZip(source);
  try {
    const entries = await entriesOf(zip, spec);
    checkEntries(entries, spec);
    const budget = { left: spec.maxTotalUncompressed };
    const parts: Array<{ name: string; data: Buffer; crc?: number }> = [];
    for (const entry of entries) {
      await checkLocalHeader(zip, entry);
      const part = await inflateEntry(zip, entry, spec, budget, isMarkup(entry.fileName));
      if (!entry.fileName.endsWith('/')) parts.push({ name: entry.fileName, ...(part ?? { data: Buffer.alloc(0) }) });
    }
    return writeZip(parts);
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
