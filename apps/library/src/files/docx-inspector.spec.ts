import { docxBombs, MiB, packageWith, peakMemoryDuring, storedEntry, zerosEntry } from '@abide/testing/fixtures/bomb-files';
import { docxParts, docxWith, zip, zipBombDocx } from '@abide/testing/fixtures/library-files';
import { bufferSource, extractDocxText, inspectDocx, NotDocxError } from './docx-inspector';

const load = (buffer: Buffer) => ({ buffer: async () => buffer });

/** Rewrites the declared uncompressed size of one entry, in its local header and the central directory. */
const declareSize = (file: Buffer, name: string, size: number): Buffer => {
  const out = Buffer.from(file);
  for (let at = out.indexOf(name); at !== -1; at = out.indexOf(name, at + 1)) {
    if (out.readUInt32LE(at - 30) === 0x04034b50) out.writeUInt32LE(size, at - 30 + 22);
    if (out.readUInt32LE(at - 46) === 0x02014b50) out.writeUInt32LE(size, at - 46 + 24);
  }
  return out;
};

describe(extractDocxText.name, () => {
  it('returns the text of each paragraph on its own line, entities decoded', async () => {
    expect(await extractDocxText(load(docxWith('Love & peace <always>\nJoy')))).toBe('Love & peace <always>\nJoy');
  });

  it('refuses a zip bomb before anything inflates it', async () => {
    await expect(extractDocxText(load(zipBombDocx()))).rejects.toThrow(new NotDocxError('compression ratio over the limit'));
  });

  it('refuses a document part that inflates past its declared size, so the reader never sees it', async () => {
    const lying = declareSize(docxWith('x'.repeat(5_000)), 'word/document.xml', 100);
    await expect(extractDocxText(load(lying))).rejects.toThrow(new NotDocxError('word/document.xml inflates past its declared size'));
  });

  it.each(Object.entries(docxBombs()))('refuses %s as over the limits, without inflating it', async (_, bomb) => {
    const { peak, result } = await peakMemoryDuring(() => extractDocxText(load(bomb)));

    expect(result).toBeInstanceOf(NotDocxError);
    expect((result as NotDocxError).reason).toBe('limit');
    // Each bomb inflates to 300 MiB; what is read in memory stays a small fraction of it.
    expect(peak).toBeLessThan(40 * MiB);
  });

  it('reads a document with pictures and a chart’s embedded workbook, which mammoth is never handed', async () => {
    const chart = storedEntry(
      'word/embeddings/Microsoft_Excel_Worksheet.xlsx',
      zip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }]),
    );

    expect(await extractDocxText(load(packageWith(docxParts('Grace'), [zerosEntry('word/media/image1.png', 1), chart])))).toBe('Grace');
  });

  it('refuses a zip with two entries of one name', async () => {
    const doubled = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    await expect(inspectDocx(bufferSource(doubled))).rejects.toThrow(new NotDocxError('duplicate entry names'));
  });

  it('refuses a zip that holds no Word document and bytes that are not a zip', async () => {
    await expect(inspectDocx(bufferSource(zip([{ name: 'notes.txt', data: Buffer.from('hello') }])))).rejects.toThrow(
      new NotDocxError('no word document part'),
    );
    await expect(extractDocxText(load(Buffer.from('PK not really a zip')))).rejects.toThrow(NotDocxError);
  });
});
