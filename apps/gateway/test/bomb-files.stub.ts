import { type PackedZipEntry, writePackedZip } from '@abide/platform';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { docxParts, pdfWithContent } from './library-files.stub';

/**
 * Decompression bombs made in the test, small on disk and never held inflated: each megabyte of zeros is one fully
 * flushed deflate block (no back-reference crosses it), so a block repeated N times inflates to N MiB.
 */

export const MiB = 1024 * 1024;
const zeros = Buffer.alloc(MiB);
const zerosBlock = deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH });
/** A final, empty block of fixed codes. */
const lastBlock = Buffer.from([0x03, 0x00]);

/** `mib` MiB of zeros as raw deflate, about a kilobyte per MiB. */
export const deflatedZeros = (mib: number): Buffer => Buffer.concat([...Array<Buffer>(mib).fill(zerosBlock), lastBlock]);

const crcOfZeros = (mib: number): number => {
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = crc32(zeros, crc);
  return crc;
};

/** An entry of `mib` MiB of zeros whose headers declare `declared` bytes (the true size unless given). */
export const zerosEntry = (name: string, mib: number, declared = mib * MiB): PackedZipEntry => ({
  name,
  method: 8,
  packed: deflatedZeros(mib),
  crc: crcOfZeros(mib),
  size: declared,
});

export const storedEntry = (name: string, data: Buffer): PackedZipEntry => ({
  name,
  method: 0,
  packed: data,
  crc: crc32(data),
  size: data.length,
});

const deflatedEntry = ({ name, data }: { name: string; data: Buffer }): PackedZipEntry => ({
  name,
  method: 8,
  packed: deflateRawSync(data),
  crc: crc32(data),
  size: data.length,
});

/** The parts of a minimal workbook whose first sheet holds `rows` (inline strings, as exceljs reads them). */
export const workbookParts = (rows: string[][]): Array<{ name: string; data: Buffer }> => {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const cells = (row: string[], r: number) =>
    row.map((v, c) => `<c r="${String.fromCharCode(65 + c)}${r}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join('');
  const sheet = rows.map((row, i) => `<row r="${i + 1}">${cells(row, i + 1)}</row>`).join('');
  const ns = 'http://schemas.openxmlformats.org';
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${s}`);
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: xml(`<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`),
    },
  ];
};

/** A package of these parts (deflated) with `extra` entries after them. */
export const packageWith = (parts: Array<{ name: string; data: Buffer }>, extra: PackedZipEntry[] = []): Buffer =>
  writePackedZip([...parts.map(deflatedEntry), ...extra]);

/**
 * The zip bombs of one package, each a few hundred KB at most: `folder` is where the package keeps its media
 * (`xl` or `word`). Every one inflates far past what a reader may load, or is something no reader should open.
 */
export const zipBombsOf = (parts: Array<{ name: string; data: Buffer }>, folder: 'xl' | 'word'): Record<string, Buffer> => ({
  // Declares 1 KiB and inflates to 300 MiB: only counting what really comes out catches it.
  'a part that inflates far past its declared size': packageWith(parts, [zerosEntry(`${folder}/media/image1.png`, 300, 1024)]),
  // Sizes honest, ratio about 1000:1, not XML: caught by the sizes, wherever the part is.
  'a high-ratio part with honest sizes that is not XML': packageWith(parts, [zerosEntry('customXml/item1.dat', 300)]),
  'many entries': packageWith(
    parts,
    Array.from({ length: 5000 }, (_, i) => storedEntry(`${folder}/parts/p${i}.xml`, Buffer.alloc(0))),
  ),
  // A zip inside the package, itself a bomb: no reader must ever open it.
  'a nested zip': packageWith(parts, [storedEntry(`${folder}/media/archive.zip`, writePackedZip([zerosEntry('inner.bin', 300)]))]),
});

/** A Word document's zip bombs (see zipBombsOf). */
export const docxBombs = (): Record<string, Buffer> => zipBombsOf(docxParts('Grace'), 'word');

/** A workbook's zip bombs (see zipBombsOf). */
export const xlsxBombs = (): Record<string, Buffer> =>
  zipBombsOf(
    workbookParts([
      ['name', 'email'],
      ['Ruth', 'ruth@example.org'],
    ]),
    'xl',
  );

/** A one-page PDF whose content stream is FlateDecode of `mib` MiB of zeros (zlib-wrapped, as PDF has it). */
export const pdfBomb = (mib: number): Buffer => {
  const size = mib * MiB;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((size % 65521) << 16) | 1) >>> 0);
  return pdfWithContent(Buffer.concat([Buffer.from([0x78, 0x9c]), deflatedZeros(mib), adler]), '/FlateDecode');
};

/** Peak resident memory above the start while `run` runs (sampled every 5 ms), in bytes, with what `run` gave. */
export const peakMemoryDuring = async <T>(run: () => Promise<T>): Promise<{ peak: number; result: T | Error }> => {
  const start = process.memoryUsage.rss();
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() - start);
  }, 5);
  try {
    const result = await run().catch((error: Error) => error);
    peak = Math.max(peak, process.memoryUsage.rss() - start);
    return { peak, result };
  } finally {
    clearInterval(sampler);
  }
};

/** A service's resident memory as its Prometheus listener reports it (end-to-end tests), in bytes. */
const serviceMemory = async (service: string): Promise<number> => {
  const urls = JSON.parse(process.env.E2E_METRICS_URLS ?? '{}') as Record<string, string>;
  const metrics = await (await fetch(urls[service])).text();
  const match = /^process_resident_memory_bytes(?:\{[^}]*\})? ([\d.e+]+)$/m.exec(metrics);
  if (!match) throw new Error(`${service} reports no resident memory`);
  return Number(match[1]);
};

/** As peakMemoryDuring, for a service of the running stack (sampled every 50 ms through its metrics). */
export const servicePeakMemoryDuring = async <T>(service: string, run: () => Promise<T>): Promise<{ peak: number; result: T }> => {
  const start = await serviceMemory(service);
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, (await serviceMemory(service)) - start);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    const result = await run();
    running = false;
    await sampling;
    return { peak: Math.max(peak, (await serviceMemory(service)) - start), result };
  } finally {
    running = false;
  }
};
