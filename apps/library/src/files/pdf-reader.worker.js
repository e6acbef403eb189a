// @ts-check
// The PDF reader's worker thread (pdf-reader.ts starts one per file). JavaScript, not TypeScript, so that it starts the
// same way from source and compiled: under the TypeScript hook it would load the compiler into every thread (about
// 200 MB and seconds per file in development, and a heap budget that differs from production's).
const { parentPort, workerData } = require('node:worker_threads');

/**
 * @typedef {import('./pdf-reader').PdfTask} PdfTask
 * @typedef {import('./pdf-reader').PdfReading} PdfReading
 * @typedef {{ maxStreamBytes: number, maxTotalBytes: number, decodedBytes: number, exceeded: boolean }} DecodeLimits
 */

/** @param {PdfTask} task @returns {Promise<PdfReading>} */
const read = async ({ data, limits }) => {
  /** @type {DecodeLimits} Read by pdf.js's decoder before each buffer it grows (patches/pdfjs-dist+3.11.174.patch). */
  const decode = { maxStreamBytes: limits.maxStreamBytes, maxTotalBytes: limits.maxTotalBytes, decodedBytes: 0, exceeded: false };
  Object.assign(globalThis, { pdfjsDecodeLimits: decode });
  // pdf.js 3's legacy build is CommonJS and runs in Node without a worker of its own (this thread is one).
  const pdfjs = require('pdfjs-dist/legacy/build/pdf.js');
  let doc;
  try {
    // No eval (CVE-2024-4367), no fonts or network: only the text layer is read.
    doc = await pdfjs.getDocument({
      data,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    }).promise;
  } catch (error) {
    if (decode.exceeded) return { ok: false, reason: 'limit' };
    return { ok: false, reason: error && error.name === 'PasswordException' ? 'encrypted' : 'corrupt' };
  }
  try {
    const texts = [];
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

void read(workerData).then((reading) => parentPort?.postMessage(reading));
