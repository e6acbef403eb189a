import { journalDraftRequestSchema, journalEntryRequestSchema, type JournalEntry } from '@abide/contracts';
import { appendDictation, emptyReflection, isBlank, previewOf, toEntryRequest, toReflectionValues, wordCount } from './journal-form';

describe(wordCount.name, () => {
  it('returns the number of whitespace-separated words', () => {
    expect(wordCount('  Be still,\nand know\tthat I am God ')).toBe(8);
  });

  it('returns 0 for an empty or blank text', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('   \n ')).toBe(0);
    expect(wordCount(undefined)).toBe(0);
  });
});

describe(isBlank.name, () => {
  it('returns true when only whitespace was written', () => {
    expect(isBlank(' \n\t')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});

describe(toEntryRequest.name, () => {
  it('returns a trimmed request that the API schema accepts, private by default', () => {
    const sut = toEntryRequest({
      ...emptyReflection,
      content: '  Grateful for rest. ',
      scriptureReference: ' Psalm 23 ',
      mood: 'peaceful',
      gratitude: ' My family ',
    });
    expect(sut).toEqual({
      content: 'Grateful for rest.',
      scriptureReference: 'Psalm 23',
      mood: 'peaceful',
      gratitude: 'My family',
      isPrivate: true,
      draft: false,
    });
    expect(journalEntryRequestSchema.safeParse(sut).success).toBe(true);
  });

  it('returns a draft request even with no content yet', () => {
    const sut = toEntryRequest({ ...emptyReflection, gratitude: 'Sunlight' }, { draft: true });
    expect(sut.draft).toBe(true);
    expect(journalDraftRequestSchema.safeParse(sut).success).toBe(true);
  });
});

describe(toReflectionValues.name, () => {
  it('returns the form values of an entry, unknown moods left empty', () => {
    const entry = { content: 'x', scriptureReference: null, mood: 'sleepy', gratitude: null, isPrivate: false } as JournalEntry;
    expect(toReflectionValues(entry)).toEqual({ content: 'x', scriptureReference: '', mood: null, gratitude: '', isPrivate: false });
  });
});

describe(previewOf.name, () => {
  it('returns the text cut at 100 characters with an ellipsis', () => {
    const sut = previewOf('a'.repeat(150));
    expect(sut).toBe(`${'a'.repeat(100)}…`);
  });

  it('returns short texts whole', () => {
    expect(previewOf('Short\n note')).toBe('Short note');
  });
});

describe(appendDictation.name, () => {
  it('returns the spoken words after what was written, one space between', () => {
    expect(appendDictation('I prayed ', ' for peace')).toBe('I prayed for peace');
    expect(appendDictation('', 'Amen')).toBe('Amen');
  });
});
