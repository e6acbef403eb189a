import { entryPreview, PREVIEW_ELLIPSIS } from './entry-preview';

const long =
  'This morning I read Psalm 23 again and noticed how the shepherd goes ahead of the sheep, even into the valley, and I felt calmer about the week.';

describe(entryPreview.name, () => {
  it('returns the whole text when it fits in 100 characters', () => {
    expect(entryPreview('Grateful for a quiet walk today.')).toBe('Grateful for a quiet walk today.');
  });

  it('returns the text unchanged at exactly 100 characters', () => {
    const exactly = 'a'.repeat(50) + ' ' + 'b'.repeat(49);
    expect(entryPreview(exactly)).toBe(exactly);
  });

  it('returns the text cut at the last word boundary within 100 characters, with an ellipsis', () => {
    const sut = entryPreview(long);
    expect(sut).toBe('This morning I read Psalm 23 again and noticed how the shepherd goes ahead of the sheep, even into…');
    expect(Array.from(sut.slice(0, -1)).length).toBeLessThanOrEqual(100);
  });

  it('returns a full word when the cut falls exactly after it', () => {
    const text = `${'word '.repeat(20).trim()} tail`; // 99 characters, then ' tail'
    expect(entryPreview(text)).toBe(`${'word '.repeat(20).trim()}${PREVIEW_ELLIPSIS}`);
  });

  it('drops punctuation left dangling before the ellipsis', () => {
    const text = `${'x'.repeat(97)}, and then more words`;
    expect(entryPreview(text)).toBe(`${'x'.repeat(97)}${PREVIEW_ELLIPSIS}`);
  });

  it('returns a hard cut when a single word is longer than the limit', () => {
    expect(entryPreview('y'.repeat(150))).toBe(`${'y'.repeat(100)}${PREVIEW_ELLIPSIS}`);
  });

  it('collapses line breaks so the preview is one line', () => {
    expect(entryPreview('Dear Lord,\n\nthank you.')).toBe('Dear Lord, thank you.');
  });

  it('never splits an emoji', () => {
    const sut = entryPreview(`${'🙏'.repeat(120)}`);
    expect(Array.from(sut)).toHaveLength(101);
    expect(sut.endsWith(`🙏${PREVIEW_ELLIPSIS}`)).toBe(true);
  });
});
