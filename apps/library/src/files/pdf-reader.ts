import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * What reading one PDF's text may cost. pdf.js inflates every stream it reads (content, fonts, object streams) into
 * memory outside the JavaScript heap, so the decode limits are checked where it allocates (patches/README.md); the
 * heap limits hold its parsed objects; the time limit holds the work.
 */
export const PDF_LIMITS = {
  /** The largest buffer one decoded stream may grow to (a page's content is far below a megabyte). */
  maxStreamBytes: 32 * 1024 * 1024,
  /** All that decoding may allocate, over the whole document. */
  maxTotalBytes: 192 * 1024 * 1024,
  maxOldGenerationMb: 192,
  maxYoungGenerationMb: 32,
  maxMillis: 30_000,
  /** Pages read; a longer document is searched on its beginning. */
  maxPages: 1000,
};

/** With the text a caller keeps: reading stops once the pages read hold that much. */
export type PdfLimits = typeof PDF_LIMITS & { maxTextChars: number };

/** Why a PDF's text could not be read; `limit` and `time`: it costs more than the limits allow (a PDF bomb). */
export type PdfRefusal = 'encrypted' | 'corrupt' | 'limit' | 'time';

export type PdfReading = { ok: true; text: string; pages: number } | { ok: false; reason: PdfRefusal };

export interface PdfTask {
  data: Uint8Array;
  limits: PdfLimits;
}

/** JavaScript beside this file, from source and compiled alike (the build copies it). */
const workerFile = path.join(__dirname, 'pdf-reader.worker.js');

/**
 * Reads a PDF's text in a worker thread of its own, with its heap capped: a PDF that needs more memory or time than
 * the limits kills only that thread, never the service. Settles with the text, or why it cannot be read; rejects only
 * when the worker itself could not run (the job then retries).
 */
const readInWorker = (data: Buffer, limits: PdfLimits): Promise<PdfReading> =>
  new Promise((resolve, reject) => {
    const task: PdfTask = { data: new Uint8Array(data), limits };
    const worker = new Worker(workerFile, {
      workerData: task,
      // Not the service's own flags (the TypeScript hook in development): the thread needs none.
      execArgv: [],
      // pdf.js warns on stdout, at every load, that it cannot render without the canvas package: nothing to log.
      stdout: true,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationMb },
    });
    worker.stdout.resume();
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      // The outcome is settled; a thread that fails to stop has nothing left to report.
      worker.terminate().catch(() => undefined);
    };
    const timer = setTimeout(() => settle(() => resolve({ ok: false, reason: 'time' })), limits.maxMillis);
    worker.once('message', (reading: PdfReading) => settle(() => resolve(reading)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ ok: false, reason: 'limit' }) : reject(error))),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`PDF reader stopped (exit code ${code})`))));
  });

let previous: Promise<unknown> = Promise.resolve();

/**
 * readInWorker, one PDF at a time in this process (the processing job runs two files at once): the limits above then
 * bound what reading PDFs adds to the service's memory, about 450 MB at worst, within the library's 1 GiB.
 */
export const readPdf = (data: Buffer, limits: PdfLimits): Promise<PdfReading> => {
  const reading = previous.then(() => readInWorker(data, limits));
  previous = reading.catch(() => undefined);
  return reading;
};
