import { MiB, peakMemoryDuring, pdfBomb } from '@abide/testing/fixtures/bomb-files';
import { pdfWith } from '@abide/testing/fixtures/library-files';
import { PDF_LIMITS, readPdf } from './pdf-reader';
import { extractPdfText, UNREADABLE, UnreadableFileError } from './text-extraction';

describe(extractPdfText.name, () => {
  it('returns the text and page count of a PDF', async () => {
    expect(await extractPdfText(pdfWith('Blessed are the peacemakers'))).toMatchObject({
      text: 'Blessed are the peacemakers',
      pages: 1,
      words: 4,
    });
  });

  it('refuses a PDF whose stream inflates to hundreds of MiB, stopping at the limit, and reads the next one', async () => {
    const bomb = pdfBomb(400);

    const { peak, result } = await peakMemoryDuring(() => extractPdfText(bomb));

    expect(bomb.length).toBeLessThan(MiB);
    expect(result).toEqual(new UnreadableFileError(UNREADABLE.pdfTooLarge));
    // 400 MiB decoded would take a 512 MiB buffer; the reader's thread stops at the limit instead.
    expect(peak).toBeLessThan(200 * MiB);
    expect((await extractPdfText(pdfWith('Still reading'))).text).toBe('Still reading');
  });
});

describe(readPdf.name, () => {
  const limits = { ...PDF_LIMITS, maxTextChars: 1000 };

  it('refuses a PDF that takes longer than the time limit', async () => {
    expect(await readPdf(pdfWith('Slow'), { ...limits, maxMillis: 1 })).toEqual({ ok: false, reason: 'time' });
  });

  it('refuses a PDF whose reading needs more heap than the limit, and only its thread stops', async () => {
    expect(await readPdf(pdfWith('Heavy'), { ...limits, maxOldGenerationMb: 4, maxYoungGenerationMb: 1 })).toEqual({
      ok: false,
      reason: 'limit',
    });
  });
});
