import type { ResourceFileType } from '@abide/contracts';
import { type ByteRangeSource, extractDocxText, NotDocxError } from './docx-inspector';

/** What processing learns from a file. */
export interface ExtractedText {
  text: string;
  pages: number | null;
  words: number;
  excerpt: string;
}

/** A file that cannot be read; `message` is shown to the uploader. */
export class UnreadableFileError extends Error {}

export const UNREADABLE = {
  encryptedPdf: 'This PDF is password-protected. Please upload a copy without a password.',
  corruptPdf: 'This PDF is damaged or incomplete and could not be read.',
  corruptDocx: 'This Word document is damaged or incomplete and could not be read.',
  notText: 'This text file could not be read as UTF-8 text.',
} as const;

/** Text kept for search; longer documents are searched on their beginning. */
export const MAX_TEXT_CHARS = 500_000;
const MAX_PDF_PAGES_READ = 1000;
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

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: PdfJs | undefined;
/** pdf.js 3's legacy build is CommonJS and runs in Node without a worker thread; loaded on first use (it is large). */
const loadPdfJs = (): PdfJs => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  pdfjs ??= require('pdfjs-dist/legacy/build/pdf.js') as PdfJs;
  return pdfjs;
};

export const extractPdfText = async (data: Buffer): Promise<ExtractedText> => {
  const lib = loadPdfJs();
  let doc;
  try {
    // No eval (CVE-2024-4367), no fonts or network: only the text layer is read.
    doc = await lib.getDocument({
      data: new Uint8Array(data),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new UnreadableFileError(name === 'PasswordException' ? UNREADABLE.encryptedPdf : UNREADABLE.corruptPdf);
  }
  try {
    const lines: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PDF_PAGES_READ) && length < MAX_TEXT_CHARS; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      lines.push(text);
      length += text.length;
      page.cleanup();
    }
    return summarise(lines.join('\n\n'), doc.numPages);
  } catch {
    throw new UnreadableFileError(UNREADABLE.corruptPdf);
  } finally {
    await doc.destroy();
  }
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
        if (error instanceof NotDocxError) throw new UnreadableFileError(UNREADABLE.corruptDocx);
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
