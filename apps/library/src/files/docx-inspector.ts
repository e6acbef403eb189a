import mammoth from 'mammoth';
import {
  bufferSource,
  type ByteRangeSource,
  inspectZipPackage,
  verifyZipPackage,
  ZipPackageError,
  type ZipPackageSpec,
  type ZipRefusal,
} from '@abide/platform';

export { bufferSource, type ByteRangeSource };

/** Limits against zip bombs: a real Word document (at most 10 MiB as uploaded) is far below each. */
export const DOCX_LIMITS = {
  maxEntries: 2000,
  /** What all parts together may inflate to (the markup of it is held while mammoth reads it). */
  maxTotalUncompressed: 64 * 1024 * 1024,
  /** What one part may inflate to (the main document part is read whole). */
  maxPartUncompressed: 32 * 1024 * 1024,
  /** Inflated / compressed, per part (ordinary XML compresses about 10:1). */
  maxRatio: 200,
};

const docxPackage: ZipPackageSpec = {
  kind: 'word document',
  requiredParts: ['[Content_Types].xml', 'word/document.xml'],
  ...DOCX_LIMITS,
  // Word keeps a chart's data as an embedded workbook (a zip) here; it is counted, never opened.
  embeddingFolders: ['word/embeddings/'],
};

export class NotDocxError extends Error {
  constructor(
    message: string,
    readonly reason: ZipRefusal = 'malformed',
  ) {
    super(message);
  }
}

const asNotDocx = (error: unknown): never => {
  throw error instanceof ZipPackageError ? new NotDocxError(error.message, error.reason) : error;
};

/** Throws NotDocxError unless this is an OOXML word-processing package within the limits (reads the directory only). */
export const inspectDocx = (source: ByteRangeSource): Promise<void> => inspectZipPackage(source, docxPackage).catch(asNotDocx);

/**
 * The text of a DOCX, one paragraph per line. The package is inflated once against the limits first; mammoth reads
 * only the package rebuilt from the verified markup parts (it unzips whole and trusts sizes, so it never sees the upload).
 */
export const extractDocxText = async (load: { buffer: () => Promise<Buffer> }): Promise<string> => {
  const verified = await verifyZipPackage(bufferSource(await load.buffer()), docxPackage).catch(asNotDocx);
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: verified })).value;
  } catch (error) {
    throw new NotDocxError((error as Error).message);
  }
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
};
