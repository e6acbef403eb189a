import mammoth from 'mammoth';
import { bufferSource, type ByteRangeSource, inspectZipPackage, verifyZipPackage, ZipPackageError, type ZipPackageSpec } from '@abide/platform';

export { bufferSource, type ByteRangeSource };

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

const docxPackage: ZipPackageSpec = {
  kind: 'word document',
  requiredParts: ['[Content_Types].xml', 'word/document.xml'],
  maxEntries: DOCX_LIMITS.maxEntries,
  maxTotalUncompressed: DOCX_LIMITS.maxTotalUncompressed,
  maxRatio: DOCX_LIMITS.maxRatio,
  maxPart: { name: 'word/document.xml', bytes: DOCX_LIMITS.maxDocumentXml },
};

export class NotDocxError extends Error {}

const asNotDocx = (error: unknown): never => {
  throw error instanceof ZipPackageError ? new NotDocxError(error.message) : error;
};

/** Throws NotDocxError unless this is an OOXML word-processing package within the limits. */
export const inspectDocx = (source: ByteRangeSource): Promise<void> => inspectZipPackage(source, docxPackage).catch(asNotDocx);

/**
 * The text of a DOCX, one paragraph per line. The limits are checked on the zip directory first, and the markup
 * parts are inflated once to prove they are no larger than declared; only then does mammoth read the document
 * (it unzips the whole buffer and trusts the sizes, so it must never see a zip bomb).
 */
export const extractDocxText = async (load: { range: ByteRangeSource; buffer: () => Promise<Buffer> }): Promise<string> => {
  await verifyZipPackage(load.range, docxPackage).catch(asNotDocx);
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
