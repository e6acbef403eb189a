import type { ResourceFileType } from '@abide/contracts';
import { type ByteRangeSource, extractDocxText, NotDocxError } from './docx-inspector';
import { PDF_LIMITS, type PdfRefusal, readPdf } from './pdf-reader';

/** What processing learns from a file. */
export interface ExtractedText {
  text: string;
  pages: number | null;
  words: number;
  excerpt: string;
}

/** A file that cannot be read; `message` is shown to the uploader. */
export class UnreadableFileError extends Error {}

/** Whether extraction failed because the file cannot be read (its `message` is for the uploader), not for a passing fault. */
export const isUnreadableFile = (error: unknown): error is Error => error instanceof UnreadableFileError;

export const UNREADABLE = {
  encryptedPdf: 'This PDF is password-protected. Please upload a copy without a password.',
  corruptPdf: 'This PDF is damaged or incomplete and could not be read.',
  corruptDocx: 'This Word document is damaged or incomplete and could not be read.',
  pdfTooLarge:
    'This PDF unpacks to far more data than a document of its size should, so it was not accepted. Please upload a copy saved again from your PDF editor.',
  pdfTooSlow:
    'This PDF took too long to read, so it was not accepted. Please upload a copy saved again from your PDF editor, or split it into smaller files.',
  docxTooLarge:
    'This Word document unpacks to far more data than a document of its size should, so it was not accepted. Please upload a copy saved again from Word.',
  notText: 'This text file could not be read as UTF-8 text.',
} as const;

/** Text kept for search; longer documents are searched on their beginning. */
export const MAX_TEXT_CHARS = 500_000;
const EXCERPT_CHARS = 280;

export const countWords = (text: string): number => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

export const excerptOf = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const cut = flat.slice(0, EXCERPT_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_CHARS - 40)).trimEnd()}…`;
};

const summarise = (text: string, pages: number | null): ExtractedText => {
  const kept = text.slice(0, MAX_TEXT_CHARS);
  return { text: kept, pages, words: countWords(text), excerpt: excerptOf(kept) };
};

const PDF_REFUSALS: Record<PdfRefusal, string> = {
  encrypted: UNREADABLE.encryptedPdf,
  corrupt: UNREADABLE.corruptPdf,
  limit: UNREADABLE.pdfTooLarge,
  time: UNREADABLE.pdfTooSlow,
};

/** Read in a worker thread with bounded memory and time (pdf-reader.ts): a PDF bomb is refused, never run to the end. */
export const extractPdfText = async (data: Buffer): Promise<ExtractedText> => {
  const reading = await readPdf(data, { ...PDF_LIMITS, maxTextChars: MAX_TEXT_CHARS });
  if (!reading.ok) throw new UnreadableFileError(PDF_REFUSALS[reading.reason]);
  return summarise(reading.text, reading.pages);
};

export const extractText = async (
  type: ResourceFileType,
  load: { buffer: () => Promise<Buffer>; range: ByteRangeSource },
): Promise<ExtractedText> => {
  switch (type) {
    case 'pdf':
      return extractPdfText(await load.buffer());
    case 'docx':
      try {
        return summarise(await extractDocxText(load), null);
      } catch (error) {
        if (error instanceof NotDocxError)
          throw new UnreadableFileError(error.reason === 'limit' ? UNREADABLE.docxTooLarge : UNREADABLE.corruptDocx);
        throw error;
      }
    case 'txt': {
      try {
        return summarise(new TextDecoder('utf-8', { fatal: true }).decode(await load.buffer()).replace(/^\uFEFF/, ''), null);
      } catch {
        throw new UnreadableFileError(UNREADABLE.notText);
      }
    }
  }
};
