import { parentPort, workerData } from 'node:worker_threads';
import type { PdfReading, PdfTask } from './pdf-reader';

/** Read by pdf.js's decoder before each buffer it grows (patches/pdfjs-dist+3.11.174.patch). */
interface DecodeLimits {
  maxStreamBytes: number;
  maxTotalBytes: number;
  decodedBytes: number;
  exceeded: boolean;
}

const read = async ({ data, limits }: PdfTask): Promise<PdfReading> => {
  const decode: DecodeLimits = { maxStreamBytes: limits.maxStreamBytes, maxTotalBytes: limits.maxTotalBytes, decodedBytes: 0, exceeded: false };
  (globalThis as { pdfjsDecodeLimits?: DecodeLimits }).pdfjsDecodeLimits = decode;
  // pdf.js 3's legacy build is CommonJS and runs in Node without a worker of its own (this thread is one).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pdfjs = require('pdfjs-dist/legacy/build/pdf.js') as typeof import('pdfjs-dist');
  let doc;
  try {
    // No eval (CVE-2024-4367), no fonts or network: only the text layer is read.
    doc = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: true, verbosity: 0 })
      .promise;
  } catch (error) {
    if (decode.exceeded) return { ok: false, reason: 'limit' };
    return { ok: false, reason: (error as { name?: string }).name === 'PasswordException' ? 'encrypted' : 'corrupt' };
  }
  try {
    const texts: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(doc.numPages, limits.maxPages) && length < limits.maxTextChars; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      texts.push(text);
      length += text.length;
      page.cleanup();
    }
    // pdf.js carries on past some failures (a font it could not load): a limit passed anywhere refuses the file.
    if (decode.exceeded) return { ok: false, reason: 'limit' };
    return { ok: true, text: texts.join('\n\n'), pages: doc.numPages };
  } catch {
    return { ok: false, reason: decode.exceeded ? 'limit' : 'corrupt' };
  } finally {
    await doc.destroy();
  }
};

void read(workerData as PdfTask).then((reading) => parentPort?.postMessage(reading));
